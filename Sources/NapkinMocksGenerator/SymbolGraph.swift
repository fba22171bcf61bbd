/// The parts of a Swift symbol graph (`*.symbols.json`) the generator reads.
///
/// Isolation: a `Sendable` value, decoded with `JSONDecoder`.
public struct SymbolGraph: Decodable, Sendable {
  /// A declaration of the module.
  public struct Symbol: Decodable, Sendable {
    /// A piece of a declaration's text.
    public struct Fragment: Decodable, Sendable {
      /// What the piece is: `keyword`, `identifier`, `typeIdentifier`, `externalParam`, `text`...
      public let kind: String
      /// The piece's text.
      public let spelling: String
    }

    /// The parameters and result of a function.
    public struct FunctionSignature: Decodable, Sendable {
      /// A parameter: its declaration, such as `board: PitBoard`.
      public struct Parameter: Decodable, Sendable {
        /// The parameter's argument label, or its name when it has no separate label.
        public let name: String
        /// The parameter's name inside the function, when it differs from its label.
        public let internalName: String?
        /// Its declaration text.
        public let declarationFragments: [Fragment]?
      }

      /// The parameters, in order.
      public let parameters: [Parameter]?
      /// The result type's text.
      public let returns: [Fragment]?
    }

    /// The generic parameters and constraints of a declaration, when it has any.
    public struct Generics: Decodable, Sendable {
      /// The generic parameters.
      public let parameters: [Parameter]?
      /// The requirements on them.
      public let constraints: [Constraint]?
      /// A generic parameter.
      public struct Parameter: Decodable, Sendable {
        /// Its name.
        public let name: String
      }
      /// A requirement on a generic parameter, such as `T: Decodable`.
      public struct Constraint: Decodable, Sendable {
        /// `conformance`, `superclass` or `sameType`.
        public let kind: String
        /// The constrained type, such as `T` or `T.Element`.
        public let lhs: String
        /// The protocol, class or type it is constrained to.
        public let rhs: String
      }
    }

    /// The unique identifier of the symbol.
    public struct Identifier: Decodable, Sendable {
      /// The mangled name.
      public let precise: String
    }

    /// The kind of declaration.
    public struct Kind: Decodable, Sendable {
      /// Such as `swift.protocol`, `swift.method`, `swift.property`.
      public let identifier: String
    }

    /// The symbol's names.
    public struct Names: Decodable, Sendable {
      /// Such as `presentSpecialsFailure(message:)`.
      public let title: String
    }

    /// A documentation comment.
    public struct DocComment: Decodable, Sendable {
      /// One line of the comment, without its `///`.
      public struct Line: Decodable, Sendable {
        /// The line's text.
        public let text: String
      }

      /// The comment's lines.
      public let lines: [Line]
    }

    /// The symbol's identifier.
    public let identifier: Identifier
    /// The symbol's kind.
    public let kind: Kind
    /// The symbol's names.
    public let names: Names
    /// Its access level, such as `public` or `internal`.
    public let accessLevel: String
    /// Its whole declaration.
    public let declarationFragments: [Fragment]?
    /// A function's parameters and result.
    public let functionSignature: FunctionSignature?
    /// Its generic parameters, if any.
    public let swiftGenerics: Generics?
    /// Its documentation comment, if any.
    public let docComment: DocComment?
  }

  /// A relationship between two symbols.
  public struct Relationship: Decodable, Sendable {
    /// Such as `requirementOf`, `conformsTo`, `inheritsFrom`, `memberOf`.
    public let kind: String
    /// The precise identifier of the symbol the relationship starts from.
    public let source: String
    /// The precise identifier of the symbol it points at.
    public let target: String
    /// The qualified name of the target when it is in another module, such as `napkin.Routing`.
    public let targetFallback: String?
  }

  /// The module the graph describes.
  public struct Module: Decodable, Sendable {
    /// The module's name.
    public let name: String
  }

  /// The module.
  public let module: Module
  /// Every symbol of the module.
  public let symbols: [Symbol]
  /// Every relationship between them and to other modules' symbols.
  public let relationships: [Relationship]
}

extension [SymbolGraph.Symbol.Fragment] {
  /// The declaration's text.
  var text: String { map(\.spelling).joined() }
}
