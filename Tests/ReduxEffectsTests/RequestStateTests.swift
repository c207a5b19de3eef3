import ReduxCore
import ReduxEffects
import Testing

@Suite("RequestState in ReduxEffects")
struct RequestStateTests {
  @Test("ReduxEffects' RequestState is ReduxCore's type")
  func sameType() {
    let state: ReduxEffects.RequestState<Int, Boom> = .success(1)
    let core: ReduxCore.RequestState<Int, Boom> = state
    #expect(core == .success(1))
    #expect(ReduxEffects.RequestState<Int, Boom>.self == ReduxCore.RequestState<Int, Boom>.self)
  }
}
