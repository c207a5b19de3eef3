#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Which saga task the current code runs in, without a task-local.
//
// A take must know the take slot of the task it runs in (TakeSlot.swift), and a channel's put
// and take the saga it runs in. A task-local binding per saga task told both, but every task
// created copies the creator's bindings (a tree node and a heap item each, freed again when
// the task ends): about 2,800 instructions per fork, a third of what a bare Swift task costs.
//
// The saga scheduler knows better: it runs every job of every saga task, one at a time on the
// draining thread. So each thread has a cell, set around each job the scheduler runs to "in a
// saga job, task unknown" and given its previous value back after the job. Code that the
// runtime knows runs in a given saga task writes that task's slot into the cell:
// - a saga task's (or race/all branch's) own closure, first thing in its first job;
// - an effect that was called with the slot in the cell, right after its own wait: the task
//   resumes in a new job, whose cell says "unknown" until then.
// Nothing else writes it. So the cell names a slot only while that slot's task runs, on its
// thread; after an await the runtime did not make (a plain `Task.sleep`, an actor's method),
// and in tasks that saga code starts, it names none, and takes there install a cancellation
// handler of their own, which is always correct, only slower.

/// The take slot of the saga task running on this thread, when the runtime knows it.
enum RunningSlot {
  /// The cell's values besides a slot: not in a saga job, or in one whose task is not known.
  /// A slot is its object's address (a nonzero multiple of 16), plus `branchTag` for a
  /// ``BranchSlot``.
  private static let outsideJob: UInt = 0
  private static let unknownTask: UInt = 1
  private static let branchTag: UInt = 2

  /// The key of each thread's cell, allocated once per thread and freed when it ends, so that
  /// reading and writing it cost a `pthread_getspecific`, not a `pthread_setspecific`.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      let result = pthread_key_create(&key) { $0.deallocate() }
    #else
      let result = pthread_key_create(&key) { $0?.deallocate() }
    #endif
    precondition(result == 0, "pthread_key_create failed with error \(result)")
    return key
  }()

  /// This thread's cell.
  private static var cell: UnsafeMutablePointer<UInt> {
    if let cell = pthread_getspecific(key) { return cell.assumingMemoryBound(to: UInt.self) }
    let cell = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
    cell.initialize(to: outsideJob)
    pthread_setspecific(key, cell)
    return cell
  }

  /// The slot of the saga task running on this thread, if the runtime knows it.
  static var current: TakeSlot? {
    let value = cell.pointee
    guard value > unknownTask, let address = UnsafeRawPointer(bitPattern: value & ~branchTag)
    else { return nil }
    // The slot is alive: its task holds it, and the cell names it only while that task runs.
    if value & branchTag != 0 {
      return .branch(Unmanaged<BranchSlot>.fromOpaque(address).takeUnretainedValue())
    }
    return .saga(Unmanaged<SagaNode>.fromOpaque(address).takeUnretainedValue())
  }

  /// Runs one job of a saga task: the cell says "unknown" until the task's code names its
  /// slot, and gets its previous value back afterwards (the job may run nested in another:
  /// a fork's first job inside its parent's).
  static func run(_ job: UnownedJob, on executor: UnownedTaskExecutor) {
    let cell = cell
    let outer = cell.pointee
    cell.pointee = unknownTask
    job.runSynchronously(on: executor)
    cell.pointee = outer
  }

  /// The calling code runs in `slot`'s task: call it at the start of the task, and after a
  /// wait that was entered with `slot` as ``current``. Does nothing with a nil slot, or outside
  /// a job of the saga scheduler.
  static func enter(_ slot: TakeSlot?) {
    guard let slot else { return }
    let cell = cell
    guard cell.pointee != outsideJob else { return }
    switch slot {
    case .saga(let node):
      cell.pointee = UInt(bitPattern: Unmanaged.passUnretained(node).toOpaque())
    case .branch(let branch):
      cell.pointee = UInt(bitPattern: Unmanaged.passUnretained(branch).toOpaque()) | branchTag
    }
  }
}
