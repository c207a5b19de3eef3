import ReduxCore

/// Where a request stands: ReduxCore's `RequestState`, under the same name in ReduxEffects.
///
/// The type lives in ReduxCore, because it is state that apps keep whichever side-effect model
/// runs their requests. This name keeps code that imports only ReduxEffects compiling; where
/// both modules are imported, `RequestState` is the same type either way.
public typealias RequestState = ReduxCore.RequestState
