import Testing
import napkin

/// A non-`Sendable` object, like most instances a component provides.
private final class Service {}

private final class ServiceComponent: Component<EmptyDependency> {
  private(set) var optionalFactoryRunCount = 0

  var service: Service { shared { Service() } }
  var otherService: Service { shared { Service() } }
  var keyedService: Service { shared(forCallerKey: "service") { Service() } }
  var sameKeyedService: Service { shared(forCallerKey: "service") { Service() } }
  var otherKeyedService: Service { shared(forCallerKey: "other") { Service() } }
  var missingService: Service? {
    shared {
      optionalFactoryRunCount += 1
      return nil
    }
  }

  init() {
    super.init(dependency: EmptyComponent())
  }
}

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@Suite(.timeLimit(.minutes(5)))
struct ComponentTests {
  @Test func shared_returnsOneInstancePerComponentAndCallSite() {
    let component = ServiceComponent()

    let first = component.service
    let second = component.service

    #expect(first === second)
  }

  @Test func shared_withManyConcurrentReaders_returnsOneInstance() async {
    // Component is deliberately not Sendable; `shared { }` is documented as thread-safe.
    nonisolated(unsafe) let component = ServiceComponent()
    let readers = 100
    let allReady = Countdown(count: readers)

    let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<readers {
        group.addTask {
          allReady.arrive()
          await allReady.wait()
          return ObjectIdentifier(component.service)
        }
      }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }

    #expect(identities == [ObjectIdentifier(component.service)])
  }

  @Test func shared_inANewComponent_returnsANewInstance() {
    let first = ServiceComponent()
    let second = ServiceComponent()

    #expect(first.service !== second.service)
  }

  @Test func shared_atTwoCallSites_returnsDifferentInstances() {
    let component = ServiceComponent()

    #expect(component.service !== component.otherService)
    #expect(component.otherService === component.otherService)
  }

  @Test func shared_cachesNilFromOptionalFactory() {
    let component = ServiceComponent()

    #expect(component.missingService == nil)
    #expect(component.missingService == nil)
    #expect(component.missingService == nil)

    #expect(component.optionalFactoryRunCount == 1)
  }

  @Test func component_keepsItsParentDependency() {
    let parent = EmptyComponent()

    let component = Component<any EmptyDependency>(dependency: parent)

    #expect(component.dependency === parent)
  }

  @Test func sharedForCallerKey_sharesOneInstancePerKeyAcrossCallSites() {
    let component = ServiceComponent()

    #expect(component.keyedService === component.sameKeyedService)
    #expect(component.keyedService !== component.otherKeyedService)
    #expect(component.keyedService !== component.service)
  }

  @Test func sharedForCallerKey_inANewComponent_returnsANewInstance() {
    #expect(ServiceComponent().keyedService !== ServiceComponent().keyedService)
  }

  @Test func sharedForCallerKey_withManyConcurrentReaders_returnsOneInstance() async {
    // Component is deliberately not Sendable; `shared(forCallerKey:_:)` is documented as
    // thread-safe.
    nonisolated(unsafe) let component = ServiceComponent()
    let readers = 100
    let allReady = Countdown(count: readers)

    let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for index in 0..<readers {
        group.addTask {
          allReady.arrive()
          await allReady.wait()
          let service =
            index.isMultiple(of: 2) ? component.keyedService : component.sameKeyedService
          return ObjectIdentifier(service)
        }
      }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }

    #expect(identities == [ObjectIdentifier(component.keyedService)])
  }
}
