import Testing

@testable import napkin_templates

/// The kinds the package command passes are read by name; another value is refused, naming
/// the kinds.
@Suite struct TargetKindTests {
  @Test func knownKind_isRead_andNoValue_isUnknown() throws {
    #expect(try TargetKind.parse("test", option: "tests-kind") == .test)
    #expect(try TargetKind.parse(nil, option: "tests-kind") == nil)
  }

  @Test func unknownKind_isRefused_namingTheKinds() {
    let error = #expect(throws: TemplateError.self) {
      try TargetKind.parse("generic", option: "module-kind")
    }

    #expect(
      error?.description
        == "--module-kind is one of library, executable, test, other, absent, not generic")
  }
}
