/// A navigation stack of screens, each with a stable id: the state a stack's
/// `forEach(_:destination:)` runs screen reducers on.
///
/// ```swift
/// enum Screen: Sendable {
///   case list(List)
///   case detail(Detail)
/// }
///
/// struct App: Sendable {
///   var path = StackState<Screen>()
/// }
///
/// var app = App()
/// let id = app.path.append(.detail(Detail()))
/// app.path.pop(from: id)
/// ```
///
/// A pushed screen gets a new ``StackElementID``; ids are never reused by a stack, so an action
/// for a screen that was popped can never reach one pushed later. Ids grow from bottom to top,
/// so finding a screen by id is a binary search. A stack is a `RandomAccessCollection` of its
/// screens, bottom first; change a screen in place with ``updateElement(id:_:)``.
///
/// Replacing a whole stack with a new one restarts its ids at 0; to keep them unique for the
/// work still running for old screens, pop and push on the same stack instead.
public struct StackState<Screen> {
  @usableFromInline var storedIDs: [StackElementID]
  @usableFromInline var screens: [Screen]
  @usableFromInline var nextID: Int

  /// An empty stack.
  public init() {
    self.init([])
  }

  /// A stack of `screens`, the first at the bottom, with ids 0, 1, 2, ...
  public init(_ screens: some Sequence<Screen>) {
    self.screens = Array(screens)
    storedIDs = self.screens.indices.map(StackElementID.init)
    nextID = self.screens.count
  }

  /// The ids of the screens, bottom first.
  public var ids: [StackElementID] { storedIDs }

  /// The position of the screen with `id`, or nil when no screen has it.
  @inlinable
  public func index(id: StackElementID) -> Int? {
    var low = 0
    var high = storedIDs.count
    while low < high {
      let middle = (low + high) / 2
      if storedIDs[middle] < id {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < storedIDs.count && storedIDs[low] == id ? low : nil
  }

  /// The screen with `id`, or nil when no screen has it.
  @inlinable
  public func element(id: StackElementID) -> Screen? {
    index(id: id).map { screens[$0] }
  }

  /// Runs `body` on the screen with `id`, in place, and returns what it returns; returns nil,
  /// and runs nothing, when no screen has that id.
  @inlinable
  public mutating func updateElement<Result>(
    id: StackElementID, _ body: (inout Screen) -> Result
  ) -> Result? {
    guard let index = index(id: id) else { return nil }
    return body(&screens[index])
  }

  /// The screen with `id`; setting nil removes that screen alone, setting a screen replaces it.
  ///
  /// Reading, changing and writing back copies the screen; ``updateElement(id:_:)`` changes it
  /// in place. Setting a screen for an id that no screen has (it was popped, or never pushed)
  /// leaves the stack unchanged and reports a ``RuntimeWarning`` (a `TestStore` fails the step):
  /// push with ``append(_:)``, which gives the id.
  public subscript(id id: StackElementID) -> Screen? {
    get { element(id: id) }
    set {
      guard let index = index(id: id) else {
        if newValue != nil {
          RuntimeWarning.report(
            "StackState[id: \(id)] was set, but no screen has that id (it was popped, or never "
              + "pushed); the stack was left unchanged. Fix: push with append(_:), which gives the "
              + "screen its id.",
            action: StackScreenWrite(id: id))
        }
        return
      }
      if let newValue {
        screens[index] = newValue
      } else {
        screens.remove(at: index)
        storedIDs.remove(at: index)
      }
    }
  }

  /// Pushes `screen` on top of the stack and returns its new id.
  @discardableResult
  public mutating func append(_ screen: Screen) -> StackElementID {
    let id = StackElementID(nextID)
    nextID += 1
    screens.append(screen)
    storedIDs.append(id)
    return id
  }

  /// Pushes `screen` on top of the stack with the id `id`, and returns true; returns false, and
  /// pushes nothing, when the stack has already given `id` or a newer one (ids grow from
  /// bottom to top and are never given twice).
  @discardableResult
  public mutating func append(_ screen: Screen, id: StackElementID) -> Bool {
    guard id.rawValue >= nextID else { return false }
    nextID = id.rawValue + 1
    screens.append(screen)
    storedIDs.append(id)
    return true
  }

  /// Pops the top screen and returns it; nil when the stack is empty.
  @discardableResult
  public mutating func popLast() -> Screen? {
    guard !screens.isEmpty else { return nil }
    storedIDs.removeLast()
    return screens.removeLast()
  }

  /// Pops the screen with `id` and every screen above it; returns false, and pops nothing, when
  /// no screen has that id.
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let index = index(id: id) else { return false }
    removeScreens(from: index)
    return true
  }

  /// Pops every screen above the one with `id`, which stays on top; returns false, and pops
  /// nothing, when no screen has that id.
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let index = index(id: id) else { return false }
    removeScreens(from: index + 1)
    return true
  }

  /// Pops every screen. Ids given later stay new: they do not restart at 0.
  public mutating func removeAll() {
    removeScreens(from: 0)
  }

  private mutating func removeScreens(from index: Int) {
    screens.removeSubrange(index...)
    storedIDs.removeSubrange(index...)
  }
}

extension StackState: RandomAccessCollection {
  /// The position of the bottom screen: 0.
  public var startIndex: Int { 0 }

  /// The position after the top screen: the number of screens.
  public var endIndex: Int { screens.count }

  /// The screen at `position`, counted from the bottom.
  public subscript(position: Int) -> Screen { screens[position] }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the listed screens, the first at the bottom.
  public init(arrayLiteral screens: Screen...) {
    self.init(screens)
  }
}

extension StackState: Equatable where Screen: Equatable {
  /// Whether both stacks hold equal screens with the same ids, in the same order.
  public static func == (lhs: StackState, rhs: StackState) -> Bool {
    lhs.storedIDs == rhs.storedIDs && lhs.screens == rhs.screens
  }
}

extension StackState: Sendable where Screen: Sendable {}

/// What a runtime warning names as its action when a screen is written to an id that is not on
/// the stack (`StackState[id:]`): the write, not an action of the app.
struct StackScreenWrite: Action {
  let id: StackElementID
}
