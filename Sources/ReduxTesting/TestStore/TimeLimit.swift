/// Runs `work` against a limit in real time; returns whether it ended first. When the limit
/// passes first, `work`'s task is cancelled.
func finishes(within limit: Duration, _ work: @escaping @Sendable () async -> Void) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await work()
      return true
    }
    group.addTask {
      try? await Task.sleep(for: limit)
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
}
