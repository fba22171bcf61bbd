import Testing

@testable import napkin_templates

/// The macros expand as Xcode expands them, so the files the checks build are the files Xcode
/// writes; a macro the expander does not know fails instead of staying in a file.
@Suite struct MacroExpanderTests {
  let expander = MacroExpander(values: [
    "VARIABLE_productName": "Checkout", "VARIABLE_childName": "Cart", "PACKAGENAME": "Shop",
    "FULLUSERNAME": "Ada", "DATE": "1/2/26", "YEAR": "2026", "ORGANIZATIONNAME": "Ada & Co",
    "COPYRIGHT": "Copyright © ___YEAR___ ___ORGANIZATIONNAME___. All rights reserved.",
  ])

  @Test func fileHeader_isXcodesDefaultHeader() throws {
    let text = try expander.expand("//___FILEHEADER___\n\nimport napkin\n", fileName: "A.swift")

    #expect(
      text == """
        //
        //  A.swift
        //  Shop
        //
        //  Created by Ada on 1/2/26.
        //  Copyright © 2026 Ada & Co. All rights reserved.
        //

        import napkin

        """)
  }

  @Test func fileNames_putTheProductNameForFileBaseName() throws {
    #expect(
      try expander.expandFileName("___FILEBASENAME___Interactor.swift")
        == "CheckoutInteractor.swift")
    #expect(
      try expander.expandFileName("___FILEBASENAME___Component+___VARIABLE_childName___.swift")
        == "CheckoutComponent+Cart.swift")
  }

  @Test func contents_useTheFilesOwnBaseName_andVariables() throws {
    let text = try expander.expand(
      "___FILEBASENAME___ ___VARIABLE_productName___Router", fileName: "CheckoutRouter.swift")

    #expect(text == "CheckoutRouter CheckoutRouter")
  }

  @Test func identifierModifier_replacesWhatCannotBeInAnIdentifier() throws {
    let expander = MacroExpander(values: ["PROJECTNAME": "My App-2"])

    #expect(try expander.expand("___PROJECTNAME:identifier___", fileName: "") == "My_App_2")
  }

  @Test func unknownMacro_isAnError_notText() {
    #expect(throws: TemplateError.self) {
      try expander.expand("___VARIABLE_moduleName___", fileName: "A.swift")
    }
    #expect(throws: TemplateError.self) {
      try expander.expand("___PRODUCTNAME", fileName: "A.swift")
    }
  }
}
