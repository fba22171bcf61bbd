// Failure messages name types and files with their module: this target's, or
// DocumentationMainActorTests', which compiles these same files with the main actor as default
// isolation.

/// The name of the module these tests are compiled in, as failure messages spell it.
let testModule = String(#fileID.prefix { $0 != "/" })
