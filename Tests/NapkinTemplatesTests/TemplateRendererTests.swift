import Foundation
import Testing

@testable import napkin_templates

/// Rendering reads the repository's own templates: a popup's value picks the variant folder, a
/// shared file is read through its link, and every macro is expanded.
@Suite struct TemplateRendererTests {
  let renderer = TemplateRenderer(
    templatesDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Templates/napkin"),
    environment: TemplateEnvironment(
      project: "Shop", user: "Ada", organization: nil, date: "1/2/26"
    ).values)

  @Test func everyTemplateIsListed() throws {
    #expect(
      try renderer.templateNames() == [
        "Component Extension", "Launch napkin", "Service", "napkin", "napkin App Entry",
        "napkin Unit Tests",
      ])
  }

  @Test func popupValue_picksItsVariantFolder_inAnyCase() throws {
    let files = try renderer.render(
      "napkin", options: ["productName": "Checkout", "variant": "uikit"])

    #expect(
      files.map(\.name) == [
        "CheckoutBuilder.swift", "CheckoutInteractor.swift", "CheckoutRouter.swift",
        "CheckoutViewController.swift",
      ])
    #expect(files.allSatisfy { !$0.contents.contains("___") })
    #expect(files.allSatisfy { $0.contents.hasPrefix("//\n//  \($0.name)\n//  Shop\n") })
  }

  @Test func defaults_fillTheOptionsNotGiven() throws {
    let files = try renderer.render("napkin Unit Tests", options: ["productName": "Checkout"])

    #expect(files.map(\.name) == ["CheckoutTests.swift"])
    #expect(files.first?.contents.contains("@testable import Shop\n") == true)
  }

  @Test func unknownVariant_unknownOption_andMissingName_areErrors() {
    #expect(throws: TemplateError.self) {
      try renderer.render("napkin", options: ["productName": "Checkout", "variant": "web"])
    }
    #expect(throws: TemplateError.self) {
      try renderer.render("napkin", options: ["productName": "Checkout", "colour": "red"])
    }
    #expect(throws: TemplateError.self) {
      try renderer.render("napkin", options: [:])
    }
  }
}
