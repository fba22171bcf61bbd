//___FILEHEADER___

import AppKit
import napkin

/// The root view, which the children's views are shown in.
final class ___VARIABLE_productName___ViewController: NSViewController, ___VARIABLE_productName___ViewControllable {}
