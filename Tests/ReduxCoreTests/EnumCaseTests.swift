import ReduxCore
import Testing

@Suite("EnumCase")
struct EnumCaseTests {
  @Test("embed builds the case and extract reads its payload back, or nil for another case")
  func embedAndExtract() {
    let page = EnumCase<Page, Row>.row.embed(Row(id: 1, title: "a"))
    #expect(page == .row(Row(id: 1, title: "a")))
    #expect(EnumCase<Page, Row>.row.extract(from: page)?.title == "a")
    #expect(EnumCase<Page, Row>.row.extract(from: .empty) == nil)
  }

  @Test("modify changes the payload where it is stored and returns what the body returns")
  func modifyInPlace() {
    var page = Page.row(Row(id: 1))
    let cells = page.cellsAddress
    let result = EnumCase<Page, Row>.row.modify(&page) { row in
      row.cells[0] = 7
      return row.id
    }
    #expect(result == 1)
    #expect(page.row?.cells[0] == 7)
    #expect(page.cellsAddress == cells)
  }

  @Test("modify on another case runs nothing, returns nil and leaves the value as it was")
  func modifyOtherCase() {
    var page = Page.note(Note(id: 2, text: "keep"))
    var ran = false
    let result: Void? = EnumCase<Page, Row>.row.modify(&page) { _ in ran = true }
    #expect(result == nil)
    #expect(!ran)
    #expect(page == .note(Note(id: 2, text: "keep")))
  }
}
