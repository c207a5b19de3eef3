import Clocks
import ReduxCommand
import ReduxCore
import Testing

/// An editor that shows one item of the parent's list, by id, with a note of its own.
struct ItemEditor: SharesEntity, Equatable, Sendable {
  var entityID: Int
  var note = ""
}

struct Catalog: EntityOwner, Equatable, Sendable {
  var items: [Item] = [Item(id: 1), Item(id: 2)]
  var editor: ItemEditor?
}

struct DeleteItem: Action { var id: Int }

@Suite("Commands of a child joined with its entity", .timeLimit(.minutes(1)))
struct SharedEntityCommandTests {
  func catalogStore(jobs: SaveJobs, clock: some Clock<Duration>) -> Store<Catalog> {
    let editor = CommandReducer<Joined<Item, ItemEditor>>
      .on(Save.self) { editor, _ in
        let id = editor.entity.id
        return .run { send in
          do {
            try await clock.sleep(for: .seconds(1))
            send(Saved())
          } catch {
            jobs.cancelledIDs.append(id)
            jobs.cancellations.send()
          }
        }
      }
      .on(Saved.self) { editor, _ in
        editor.entity.saved += 1
        return .none
      }
    let catalog = CommandReducer<Catalog>
      .on(DeleteItem.self) { catalog, action in
        catalog.items.removeAll { $0.id == action.id }
        return .none
      }
      .ifLet(\.[joining: \.editor, in: \.items], then: editor)
    return Store(initialState: Catalog(editor: ItemEditor(entityID: 2)), commandReducer: catalog)
  }

  @Test("the child's command edits the parent's entity when its action comes back")
  func commandEditsEntity() async {
    let store = catalogStore(jobs: SaveJobs(), clock: ImmediateClock())
    await store.send(ChildAction<Joined<Item, ItemEditor>>(Save())).finish()
    #expect(store.state.items == [Item(id: 1), Item(id: 2, saved: 1)])
  }

  @Test("deleting the entity elsewhere cancels the child's commands in flight")
  func deletingEntityCancels() async {
    let jobs = SaveJobs()
    let store = catalogStore(jobs: jobs, clock: TestClock())
    store.dispatch(ChildAction<Joined<Item, ItemEditor>>(Save()))
    store.dispatch(DeleteItem(id: 2))
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [2])
    #expect(store.state.items == [Item(id: 1)])
    // Its own state stays until the parent removes it.
    #expect(store.state.editor == ItemEditor(entityID: 2))
  }
}
