import ReduxCore

/// An action sent by a command, on its way through the store: the store's command middleware
/// drops it if its scope was cancelled before the store got to it, and unwraps it otherwise, so
/// no other middleware ever sees the envelope. Its scope counts it as a delivery until then
/// (``CommandScope/beginDelivery()``), so that a cancel finds the scope even if its job has
/// already ended.
struct CommandEnvelope: Action {
  let action: any Action
  let scope: CommandScope
}
