// Time travel by entry rather than by step, for the live inspector: the page names an entry by
// the sequence number it was recorded with, which stays the same while the history's ring
// moves, and each operation finds its step when it is applied. An entry that is gone by then
// changes nothing. Entry 0 is the base state.
extension DevTools {
  /// Shows the state after entry `id` (the base state for 0).
  func jump(toEntry id: Int) {
    travel { history in
      guard let step = id == 0 ? 0 : history.step(ofSequence: id) else { return }
      history.position = step == history.count ? nil : step
    }
  }

  /// Skips or includes the entries from `first` to `last`, in the order the history has them.
  func setSkipped(entries first: Int, through last: Int, _ isSkipped: Bool) {
    setSkipped(
      { history in
        guard let from = history.step(ofSequence: first), let to = history.step(ofSequence: last)
        else { return nil }
        return min(from, to)...max(from, to)
      }, isSkipped)
  }

  /// Moves entry `id` by `offset` steps (negative: earlier); an offset past either end stops
  /// there.
  func move(entry id: Int, by offset: Int) {
    move { history in
      history.step(ofSequence: id).map { step in
        let (target, overflow) = step.addingReportingOverflow(offset)
        return (step, overflow ? (offset < 0 ? Int.min : Int.max) : target)
      }
    }
  }
}
