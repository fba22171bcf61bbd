import Foundation
import Testing

@testable import napkin_templates

/// The napkin's tests as the template writes them: each mock takes the line that creates it, so
/// a strict check names the test's line, and the mock router records an enum of router calls to
/// which a child adds its cases.
@Suite struct UnitTestsTemplateTests {
  let contents: String

  init() throws {
    let renderer = TemplateRenderer(
      templatesDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates/napkin"),
      environment: TemplateEnvironment(
        project: "Shop", user: "Ada", organization: nil, date: "1/2/26"
      ).values)
    contents = try #require(
      try renderer.render("napkin Unit Tests", options: ["productName": "Checkout"]).first
    ).contents
  }

  @Test func listenerAndServiceMocks_passTheLineThatCreatesThemOn() {
    let site = "fileID: fileID, filePath: filePath, line: line, column: column"
    let parameters =
      "fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,\n"
      + "    column: UInt = #column"

    #expect(contents.components(separatedBy: parameters).count == 3)
    #expect(contents.contains("calls = CallRecorder(\n      \"MockCheckoutListener\", \(site))"))
    #expect(contents.contains("mock = MockServiceCore(\n      \"MockCheckoutService\", \(site))"))
    #expect(contents.contains("content = Stub(\n      \"The content\", label: \"content\", "))
    #expect(!contents.contains("MockServiceCore<CheckoutServiceMethod>(\"MockCheckoutService\")"))
  }

  @Test func mockRouter_recordsARouterCallEnum_readyForAChildsCases() {
    #expect(contents.contains("nonisolated enum CheckoutRouterCall: Equatable, Sendable {}"))
    #expect(
      contents.contains(
        "final class MockCheckoutRouter: BaseMockRouter<CheckoutRouterCall>, CheckoutRouting {}"))
    #expect(!contents.contains("BaseMockRouter<Never>"))
  }
}
