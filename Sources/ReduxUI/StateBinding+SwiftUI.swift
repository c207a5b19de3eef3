// SwiftUI glue: Apple platforms only, so not compiled or tested on Linux. Keep it a one-line
// adapter over StateBinding, which is tested everywhere.
#if canImport(SwiftUI)
  import SwiftUI

  extension Binding {
    /// A SwiftUI binding that reads and writes through a ``StateBinding``.
    ///
    /// ```swift
    /// TextField("Name", text: Binding(model.binding(\.name, send: Rename.init)))
    /// ```
    @MainActor
    public init(_ binding: StateBinding<Value>) {
      self.init(get: { binding.get() }, set: { binding.set($0) })
    }
  }
#endif
