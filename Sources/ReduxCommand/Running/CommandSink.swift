import ReduxCore

/// Where a sent action goes: to the store (wrapped in a ``CommandEnvelope``) or to a test's log.
typealias CommandSink = @Sendable (_ action: any Action, _ scope: CommandScope) -> Void
