import ReduxCore
import ReduxSeam

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Which saga, and which of its tasks, the current code runs in, without a task-local.
//
// A take must know the take slot of the task it runs in (TakeSlot.swift), and a channel's put
// and take the saga it runs in. A task-local binding per saga task told both, but every task
// created copies the creator's bindings (a tree node and a heap item each, freed again when
// the task ends): about 2,800 instructions per fork, a third of what a bare Swift task costs.
//
// The saga scheduler knows better. Every saga task prefers its node as its task executor, and
// the node hands each job to the scheduler, which runs every job of every saga task, one at a
// time, on the draining thread. So each thread has a cell, set around each job the scheduler
// runs and given its previous value back afterwards:
// - the saga: the node whose executor the job came to, so known for every job of the saga's
//   tasks (its own, its race and all branches, children of a task group it made);
// - its take slot: "unknown" at the start of each job, until code that the runtime knows runs
//   in a given task names that task's slot: a saga task's (or race/all branch's) own closure,
//   first thing in its first job; an effect entered with the slot known, right after its own
//   wait (the task resumes in a new job). After an await the runtime did not make (a plain
//   `Task.sleep`, an actor's method), and in a task group's child, the slot stays unknown, and
//   takes there install a cancellation handler of their own, which is always correct, only
//   slower.

/// The saga, and the take slot, of the saga task running on this thread.
enum RunningSlot {
  /// The cell holds 0 outside a saga job; otherwise an object's address (a nonzero multiple of
  /// 8, so its two low bits are free) and a tag: the node, its own task's slot (`sagaTag`); the
  /// node, slot unknown (`unknownTag`); a race or all branch's ``BranchSlot`` (`branchTag`).
  private static let outsideJob: UInt = 0
  private static let sagaTag: UInt = 0
  private static let unknownTag: UInt = 1
  private static let branchTag: UInt = 2
  private static let tags: UInt = 3

  /// A thread's cell: 0 outside a saga job, else the tagged address above.
  typealias Cell = UnsafeMutablePointer<UInt>

  /// The key of each thread's cell, allocated once per thread and freed when it ends, so that
  /// reading and writing it cost a `pthread_getspecific`, not a `pthread_setspecific`.
  private static let key = makeThreadCellKey()

  /// This thread's cell. Only this thread reads or writes it.
  static var currentCell: Cell {
    if let cell = pthread_getspecific(key) { return cell.assumingMemoryBound(to: UInt.self) }
    let cell = Cell.allocate(capacity: 1)
    cell.initialize(to: outsideJob)
    pthread_setspecific(key, cell)
    return cell
  }

  // The objects are alive while the cell names them: the job being run holds its node, and
  // a branch's task holds its slot.

  /// What the cell says of the running task: read it for the task's saga and slot, and keep it
  /// across a wait to give back after it (``resume(_:)``). A plain word, so keeping it costs no
  /// reference counting; the slot it may name stays alive meanwhile, being the waiting task's.
  struct Token {
    fileprivate let value: UInt

    /// The take slot it names, if the runtime knew it.
    var slot: TakeSlot? {
      guard let address = UnsafeRawPointer(bitPattern: value & ~tags) else { return nil }
      switch value & tags {
      case sagaTag: return .saga(Unmanaged<SagaNode>.fromOpaque(address))
      case branchTag:
        return .branch(Unmanaged<BranchSlot>.fromOpaque(address))
      default: return nil
      }
    }

    /// Whether it names `node`'s own task (not a branch's, and not code the runtime cannot
    /// place).
    func isOwnTask(of node: SagaNode) -> Bool {
      value == UInt(bitPattern: Unmanaged.passUnretained(node).toOpaque()) | sagaTag
    }

    /// The saga whose task runs: nil outside a job of a saga scheduler.
    var node: SagaNode? {
      guard let address = UnsafeRawPointer(bitPattern: value & ~tags) else { return nil }
      if value & tags == branchTag {
        return Unmanaged<BranchSlot>.fromOpaque(address).takeUnretainedValue().node
      }
      return Unmanaged<SagaNode>.fromOpaque(address).takeUnretainedValue()
    }
  }

  /// What the cell says now.
  static var token: Token { Token(value: currentCell.pointee) }

  /// After a wait entered with `token`: if it named the task's slot, the task (resumed in a
  /// new job of the scheduler) is still that slot's. Does nothing outside a job.
  static func resume(_ token: Token) {
    guard token.value != outsideJob, token.value & tags != unknownTag else { return }
    let cell = currentCell
    guard cell.pointee != outsideJob else { return }
    cell.pointee = token.value
  }

  /// Runs one job enqueued on `node`'s executor: the cell names the node, slot unknown, until
  /// the task's code names its slot, and gets its previous value back afterwards (the job may
  /// run nested in another: a fork's first job inside its parent's).
  static func run(
    _ job: UnownedJob, on executor: UnownedTaskExecutor, of node: Unmanaged<SagaNode>,
    thread cell: Cell
  ) {
    let outer = cell.pointee
    cell.pointee = UInt(bitPattern: node.toOpaque()) | unknownTag
    job.runSynchronously(on: executor)
    cell.pointee = outer
  }

  /// The calling code runs in `slot`'s task: call it first thing in the task (after a wait,
  /// ``resume(_:)`` gives the slot back). Does nothing outside a job of the saga scheduler.
  static func enter(_ slot: TakeSlot) {
    let cell = currentCell
    guard cell.pointee != outsideJob else { return }
    switch slot {
    case .saga(let node): cell.pointee = UInt(bitPattern: node.toOpaque()) | sagaTag
    case .branch(let branch): cell.pointee = UInt(bitPattern: branch.toOpaque()) | branchTag
    }
  }
}

extension SagaNode: TaskExecutor {
  /// A job of this saga's task (or of a task that prefers this saga's node: a race or all
  /// branch, a task group's child): the saga scheduler runs it, knowing whose it is.
  func enqueue(_ job: consuming ExecutorJob) {
    hooks.enqueue(UnownedJob(job), of: self)
  }
}
