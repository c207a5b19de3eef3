import IdentifiedCollections
import ReduxCore
import Testing

@Suite("IdentifiedElements")
struct IdentifiedElementsTests {
  @Test("an array finds an element by id, and changes it in place, or returns nil for none")
  func arrayByID() {
    var rows = [Row(id: 1), Row(id: 2)]
    let cells = storageAddress(rows[1].cells)
    let bumps = rows.updateElement(id: 2) { row in
      row.cells[0] = 5
      row.bumps += 1
      return row.bumps
    }
    let missing: Void? = rows.updateElement(id: 3) { _ in }
    #expect(bumps == 1)
    #expect(missing == nil)
    #expect(rows.element(id: 2)?.cells[0] == 5)
    #expect(storageAddress(rows[1].cells) == cells)
    #expect(rows.element(id: 3) == nil)
  }

  @Test("removedIDs lists the ids that are gone, in their earlier order, for an array")
  func arrayRemovedIDs() {
    var rows = (1...5).map { Row(id: $0) }
    let earlier = rows.ids
    rows.removeAll { $0.id.isMultiple(of: 2) }
    rows.append(Row(id: 9))
    rows[0].title = "changed"
    #expect(rows.removedIDs(since: earlier) == [2, 4])
    #expect(rows.removedIDs(since: rows.ids).isEmpty)
  }

  @Test("removedIDs for an IdentifiedArray: none when only elements changed, else the gone ids")
  func identifiedArrayRemovedIDs() {
    var rows = IdentifiedArray(uniqueElements: (1...5).map { Row(id: $0) })
    let earlier = rows.ids
    rows[id: 3]?.title = "changed"
    #expect(rows.removedIDs(since: earlier).isEmpty)
    rows.remove(id: 4)
    rows.remove(id: 1)
    #expect(rows.removedIDs(since: earlier) == [1, 4])
  }
}
