/// A template that cannot be instantiated as asked, with what to do.
struct TemplateError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
