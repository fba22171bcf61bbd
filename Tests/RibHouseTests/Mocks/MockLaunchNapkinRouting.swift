import NapkinTesting
import RibHouse

enum LaunchRoutingCall: Equatable, Sendable {
  case attachLoggedOut, attachLoggedIn(User), presentLoginFailure(String)
}

final class MockLaunchNapkinRouting: BaseMockRouter<LaunchRoutingCall>, LaunchNapkinRouting {
  func attachLoggedOut() async { record(.attachLoggedOut) }
  func attachLoggedIn(user: User) async { record(.attachLoggedIn(user)) }
  func presentLoginFailure(message: String) async { record(.presentLoginFailure(message)) }
}
