/// One case of an enum with a payload, as a value: how to build the enum from the payload and
/// how to get the payload back. `Reducer.ifCaseLet` uses it to run a child reducer on the
/// payload of one case.
///
/// Write one as a static member, so that call sites read `.ifCaseLet(.detail, then: detail)`:
///
/// ```swift
/// enum Destination: Sendable {
///   case detail(Detail)
///   case settings(Settings)
/// }
///
/// extension EnumCase where Enum == Destination, Value == Detail {
///   static let detail = EnumCase(embed: Destination.detail) { destination in
///     if case .detail(let detail) = destination { detail } else { nil }
///   }
/// }
/// ```
///
/// It plays the part of swift-case-paths' case key paths without a macro; its three operations
/// (``embed(_:)``, ``extract(from:)``, ``modify(_:_:)``) mirror `AnyCasePath`'s.
public struct EnumCase<Enum, Value>: Sendable {
  @usableFromInline let embedValue: @Sendable (Value) -> Enum
  @usableFromInline let extractValue: @Sendable (Enum) -> Value?

  /// A case from the function that builds it (the case itself, such as `Destination.detail`)
  /// and the function that returns its payload, or nil for a value in another case.
  public init(
    embed: @escaping @Sendable (_ value: Value) -> Enum,
    extract: @escaping @Sendable (_ root: Enum) -> Value?
  ) {
    embedValue = embed
    extractValue = extract
  }

  /// The enum in this case with `value` as its payload.
  @inlinable
  public func embed(_ value: Value) -> Enum {
    embedValue(value)
  }

  /// The payload of `root` when it is in this case, or nil.
  @inlinable
  public func extract(from root: Enum) -> Value? {
    extractValue(root)
  }

  /// Runs `body` on the payload of `root`, in place, and returns what it returns; returns nil,
  /// and runs nothing, when `root` is in another case.
  ///
  /// The payload is not copied: `root` is moved out for the call, so `body` holds the only
  /// reference to the payload's storage (an array in it is changed where it is), and the
  /// changed payload is embedded again afterwards.
  @inlinable
  public func modify<Result>(_ root: inout Enum, _ body: (inout Value) -> Result) -> Result? {
    // Extracting from `root` while it stays in place would leave two references to the
    // payload's storage, and the first write in `body` would copy it. So the enum is moved out
    // of `root`'s memory, the payload taken from it and the enum released, and `root` is
    // initialized again before returning. Nothing can read `root` meanwhile: the caller has
    // exclusive access to it for the call.
    withUnsafeMutablePointer(to: &root) { pointer in
      var whole: Enum? = pointer.move()
      guard var value = extractValue(whole!) else {
        pointer.initialize(to: whole.take()!)
        return nil
      }
      whole = nil
      let result = body(&value)
      pointer.initialize(to: embedValue(value))
      return result
    }
  }
}
