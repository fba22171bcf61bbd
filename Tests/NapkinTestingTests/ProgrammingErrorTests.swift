import NapkinTesting
import Testing
import napkin

private final class ReusedComponent: Component<EmptyDependency> {
  init() { super.init(dependency: EmptyComponent()) }
}

private final class ReusingBuilder: SimpleComponentizedBuilder<ReusedComponent, Int> {
  override func build(with component: ReusedComponent) -> Int { 1 }
}

/// napkin's recoverable programming errors fail the test that made them under NapkinTesting,
/// instead of stopping the test process (and every other test of the run with it).
@MainActor
@Suite struct ProgrammingErrorTests {
  @Test func attachingAnAttachedChild_failsTheTest_andLeavesItAttachedOnce() async {
    let root = TreeRouter(interactor: WorkInteractor())
    let child = TreeRouter(interactor: WorkInteractor())
    await root.attachChild(child)

    let issues = await withIssueCollector {
      await root.attachChild(child)
    }

    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("napkin programming error: attachChild:") == true)
    #expect(issues.first?.message.contains("TreeRouter is already attached to TreeRouter") == true)
    #expect(issues.first?.site.fileID == #fileID)
    #expect(root.children.count == 1)
    await root.detachChild(child)
    #expect(!child.interactable.lifecycle.isActive)
  }

  @Test func attachingAnAncestor_failsTheTest_andMakesNoCycle() async {
    let root = TreeRouter(interactor: WorkInteractor())
    let child = TreeRouter(interactor: WorkInteractor())
    await root.attachChild(child)

    let issues = await withIssueCollector {
      await child.attachChild(root)
      await root.attachChild(root)
    }

    #expect(issues.count == 2)
    #expect(issues.allSatisfy { $0.message.contains("would make a cycle") })
    #expect(child.children.isEmpty)
    #expect(root.children.count == 1)
    await root.detachChild(child)
  }

  @Test func componentBuilderReusingItsComponent_failsTheTest_andTheBuildGoesOn() async {
    let shared = ReusedComponent()
    let builder = ReusingBuilder(componentBuilder: { shared })
    var built: [Int] = []
    let issues = await withIssueCollector {
      built.append(builder.build())
      built.append(builder.build())
    }
    #expect(built == [1, 1])
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("same ReusedComponent instance twice") == true)
  }
}
