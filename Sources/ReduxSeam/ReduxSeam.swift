// ReduxSeam: what the sibling modules share with ReduxCore. It is not a product and nothing in
// it is public: every declaration is `package`, for the modules of this package only. Library
// modules import ReduxCore and, where they need one of these parts, ReduxSeam; never a sibling
// product. ReduxSeam imports nothing but the toolchain.
//
// | Part | File | Used by |
// | --- | --- | --- |
// | `Lock`, the lock every module guards its state with | Lock.swift, Parking.swift | every module |
// | `LockCondition`, waiting under a `Lock` | LockCondition.swift | ReduxCore (back-pressure, hand-over), ReduxSaga (scheduler) |
// | `FIFOQueue`, a queue of two arrays | FIFOQueue.swift | ReduxCore (the store's queue), ReduxSaga (scheduler, channels) |
// | `currentThreadID`, `makeThreadCellKey` | ThreadIdentity.swift | ReduxCore (the drainer) |
// | `LatestValueMailbox`, the latest state for the main actor | LatestValueMailbox.swift | ReduxCore (actor delivery), ReduxUI (view stores) |
// | `ActionOrigin`, `WorkLedger`, `WorkHandle`: work an action started, its end, what the modules wait for, and the executor a test store runs work on | ActionOrigin.swift, WorkLedger.swift | ReduxCore (`send`, test probe), ReduxSaga, ReduxCommand, ReduxEffects, ReduxTesting |
// | `ActionProcessedListener`, `ResumeWhenProcessed`: told when a dispatched action was processed | ActionProcessedListener.swift | ReduxCore (`send`), ReduxEffects (thunks) |
// | `ProcessedAction`, what the test probe sees of each action | ProcessedAction.swift | ReduxCore (test probe), ReduxTesting |
// | `Waiters`, `waitCancellably`: continuations resumed together | Waiters.swift | ReduxCore, ReduxFlux, ReduxTesting |
// | `HashableBox`, any hashable sendable value compared by value | HashableBox.swift | ReduxCore (child feature ids), ReduxCommand (cancel ids) |
// | `typeName`, `describeQualified`: types named with their owners in messages | TypeNames.swift | ReduxCore (runtime warnings), ReduxTesting (failures), ReduxDevTools (action names) |
// | `TimeTravelMark`: whether a store shows a state its app did not reach | TimeTravelMark.swift | ReduxCore (`isTimeTravelling`), ReduxDevTools (sets it), ReduxPersistence (saves nothing while set) |
// | `NestedActionCoding`: the registry that writes a wrapper's child action | NestedActionCoding.swift | ReduxCore (the wrappers' `Codable`), ReduxDevTools (`ActionRegistry`) |
// | `describeCodingFailure`, `describeCodingPath`: Codable errors in one line | CodingFailures.swift | ReduxDevTools, ReduxPersistence |
// | `DescribedInMessages`: an action's own name in messages | TypeNames.swift | ReduxCore (`BindingAction`), ReduxTesting |
// | `FollowUp`, `FollowUpSlot`: work a reducer leaves to start once its action is committed; the slot keeps the module's runner until the store is released | FollowUp.swift | ReduxCore (the drainer starts it), ReduxCommand (a command store's commands) |
