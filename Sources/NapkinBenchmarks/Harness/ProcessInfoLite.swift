#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Facts about the machine, without Foundation.
enum ProcessInfoLite {
  /// The number of online processors.
  static var cores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
