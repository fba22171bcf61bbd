//___FILEHEADER___

/// The live service behind the ___VARIABLE_productName___ napkin's `___VARIABLE_productName___Servicing`: where its content comes from.
/// An actor, so that whatever state it keeps (a cache, a session) is safe to share.
final actor ___VARIABLE_productName___Service: ___VARIABLE_productName___Servicing {
  func fetchContent() async throws -> String {
    // Call your backend, database or file here.
    "___VARIABLE_productName___"
  }
}
