import NapkinTesting
import Testing

@Suite struct StubTests {
  @Test func get_returnsTheInitialValue() throws {
    let stub = Stub(User(name: "Ada"), label: "user")
    #expect(try stub.get() == User(name: "Ada"))
  }

  @Test func get_returnsTheValueSetByTheTest() throws {
    let stub = Stub<Int>(label: "answer")
    stub.value = 42
    #expect(try stub.get() == 42)
    stub.value = 7
    #expect(try stub.get() == 7)
  }

  @Test func unsetStub_reportsAnUnstubbedCallNamingTheLabel_andThrows() async {
    let stub = Stub<Int>(label: "loginResult")
    var thrown: (any Error)?
    let issues = await withIssueCollector {
      do {
        _ = try stub.get()
      } catch {
        thrown = error
      }
    }
    #expect(thrown as? UnstubbedCallError == UnstubbedCallError(stub: "loginResult"))
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("Unstubbed call"))
    #expect(message.contains("loginResult"))
  }

  @Test func unsetStub_failsTheSwiftTestingTest() async {
    let stub = Stub<Double>(label: "greeting")
    withKnownIssue {
      #expect(throws: UnstubbedCallError(stub: "greeting")) { try stub.get() }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unstubbed call: greeting") }
    }
  }

  @Test func unsetStub_inAUsersMock_reportsAndTheMockThrows() async {
    let service = MockLibraryService()
    var thrown: (any Error)?
    let issues = await withIssueCollector {
      do {
        _ = try await service.createPlaylist(named: "Ribs")
      } catch {
        thrown = error
      }
    }
    #expect(thrown is UnstubbedCallError)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("createdPlaylistID") == true)
  }

  @Test func clearingTheValue_makesTheStubUnsetAgain() async {
    let stub = Stub(1, label: "count")
    stub.value = nil
    let issues = await withIssueCollector {
      _ = try? stub.get()
    }
    #expect(issues.count == 1)
  }

  @Test func getDefault_returnsTheDefaultWhileUnset_withoutAnIssue() async {
    let stub = Stub<[Int]>(label: "numbers")
    var value: [Int] = []
    let issues = await withIssueCollector {
      value = stub.get(default: [1, 2])
    }
    #expect(value == [1, 2])
    #expect(issues.isEmpty)
    stub.value = [3]
    #expect(stub.get(default: [1, 2]) == [3])
  }

  @Test func stringStub_createdWithAValue_holdsIt_andOnlyLabelMakesItUnset() {
    let set: Stub<String> = Stub("hello")
    #expect(set.value == "hello")
    #expect(Stub<String>("hello").value == "hello")
    let unset = Stub<String>(label: "greeting")
    #expect(unset.value == nil)
    #expect(unset.label == "greeting")
    let valued = Stub("hello", label: "greeting")
    #expect(valued.value == "hello")
    #expect(valued.label == "greeting")
  }

  @Test func optionalStub_setToNil_returnsNilWithoutAFailure() async throws {
    let stub = Stub<String?>(label: "nickname")
    stub.set(nil)
    var read: String?? = "unread"
    let issues = await withIssueCollector {
      read = try? stub.get()
    }
    #expect(read == .some(nil))
    #expect(issues.isEmpty)
    #expect(Stub<String?>(nil).value == .some(nil))
  }

  @Test func optionalStub_assignedNil_isUnset_andTheMessageSaysHowToStubNil() async {
    let stub = Stub<String?>("x", label: "nickname")
    stub.value = nil
    let issues = await withIssueCollector {
      _ = try? stub.get()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("call set(nil) to stub nil") == true)
  }

  @Test func label_defaultsToTheValueType() {
    #expect(Stub<Int>().label == "Stub<Int>")
    #expect(Stub("x").label == "Stub<String>")
    #expect(Stub<Int>(label: "answer").label == "answer")
  }

  @Test func value_isSafeToSetAndReadFromManyTasks() async {
    let stub = Stub<Int>(label: "counter")
    await withTaskGroup(of: Void.self) { group in
      for value in 0..<200 {
        group.addTask { stub.value = value }
        group.addTask { _ = stub.get(default: -1) }
      }
    }
    #expect((0..<200).contains(stub.get(default: -1)))
  }
}
