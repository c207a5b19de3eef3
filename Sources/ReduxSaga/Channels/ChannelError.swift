/// Why a channel could not deliver or accept a value.
public enum ChannelError: Error, Equatable, Sendable {
  /// The channel is closed (or END was dispatched) and holds nothing more to take.
  case closed
  /// A ``ChannelBuffer/fixed(_:)`` buffer was full when a value arrived.
  case overflow(capacity: Int)
}
