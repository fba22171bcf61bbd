//___FILEHEADER___

import UIKit
import napkin

/// The root view, which the children's views are shown in.
final class ___VARIABLE_productName___ViewController: UIViewController, ___VARIABLE_productName___ViewControllable {}
