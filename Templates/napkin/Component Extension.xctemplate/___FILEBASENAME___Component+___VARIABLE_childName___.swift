//___FILEHEADER___

import napkin

/// What ___VARIABLE_productName___ gives its child ___VARIABLE_childName___: the scope ___VARIABLE_childName___Builder is built from.
extension ___VARIABLE_productName___Component: ___VARIABLE_childName___Dependency {
  /// One ___VARIABLE_childName___Service for as long as this scope lives.
  var serviceFor___VARIABLE_childName___: any ___VARIABLE_childName___Servicing { shared { ___VARIABLE_childName___Service() } }
}
