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
}
