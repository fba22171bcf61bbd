import NapkinTesting
import Testing

private enum ScreenCall: Equatable, Sendable { case shown }
private enum FeedMethod: Hashable, Sendable { case fetch }

@MainActor
private final class ProbePresenter: RecordingPresenter<ScreenCall> {}

private final class ProbeRouter: BaseMockRouter<ScreenCall> {}

private final class ProbeService: MockService {
  let mock: MockServiceCore<FeedMethod>
  init(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    mock = MockServiceCore(
      "ProbeService", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

@MainActor
@Suite struct StrictAttributionTests {
  @Test func unassertedPresenterCalls_areReportedWhereThePresenterWasCreated() async {
    var creationLine: UInt = 0
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        creationLine = #line + 1
        let presenter = ProbePresenter()
        presenter.record(.shown)
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.site.fileID == #fileID)
    #expect(issues.first?.site.line == creationLine)
  }

  @Test func unassertedRouterCalls_areReportedWhereTheRouterWasCreated() async {
    var creationLine: UInt = 0
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        creationLine = #line + 1
        let router = ProbeRouter()
        router.record(.shown)
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.site.line == creationLine)
  }

  @Test func unassertedServiceCalls_areReportedWhereTheServiceWasCreated() async throws {
    var creationLine: UInt = 0
    let issues = try await withIssueCollector {
      try await withNapkinChecks(strict: true) {
        creationLine = #line + 1
        let service = ProbeService()
        try await service.throwIfFailing(.fetch)
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("ProbeService recorded 1 call") == true)
    #expect(issues.first?.site.line == creationLine)
  }

  @Test func unassertedCallsOfAMockDeclaredInAnotherFile_areReportedAtTheTest_namingTheMock()
    async throws
  {
    var testLine: UInt = 0
    let issues = try await withIssueCollector {
      testLine = #line + 1
      try await withNapkinChecks(strict: true) {
        let auth = MockAuthService()
        auth.loginResult.value = User(name: "Ada")
        _ = try await auth.login()
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.site.fileID == #fileID)
    #expect(issues.first?.site.line == testLine)
    #expect(
      issues.first?.message.contains(
        "(MockAuthService was created at NapkinTestingTests/FeatureFixtures.swift:75)") == true,
      "\(issues)")
  }
}
