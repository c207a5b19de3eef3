import ReduxCommand
import ReduxCore
import ReduxDevTools

/// Every action type the app sends, the composition wrappers that carry them, and the field the
/// detail binds: the app's registry for DevTools. Nothing else is written for recordings.
public let todosRegistry = ActionRegistry()
  .registering(AddTodo.self).registering(DeleteTodo.self).registering(AskToDelete.self)
  .registering(ShowDetail.self).registering(PushDetail.self).registering(PushStats.self)
  .registering(SetFilter.self).registering(SetTitle.self).registering(ToggleDone.self)
  .registering(Save.self).registering(Saved.self).registering(SaveDraft.self)
  .registering(DraftSaved.self).registering(Export.self).registering(Exported.self)
  .registering(ElementAction<Todo>.self).registering(ChildAction<Detail>.self)
  .registering(ChildAction<Stats>.self).registering(ChildAction<AlertState>.self)
  .registering(StackAction<Screen>.self).registering(bindingsOf: Detail.self, \.draft)
