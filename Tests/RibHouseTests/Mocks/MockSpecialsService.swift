import NapkinTesting
import RibHouse

/// The methods of `SpecialsServicing`: the keys of `MockSpecialsService`'s failure injection.
enum SpecialsMethod: Hashable, Sendable { case todaysSpecials }

/// A `SpecialsServicing` returning `specials` (today's menu unless set), or failing, or held.
final class MockSpecialsService: SpecialsServicing, MockService {
  let mock = MockServiceCore<SpecialsMethod>("MockSpecialsService")
  let specials = Stub(Special.todaysMenu, label: "specials")

  func todaysSpecials() async throws -> [Special] {
    try await throwIfFailing(.todaysSpecials)
    return try specials.get()
  }
}
