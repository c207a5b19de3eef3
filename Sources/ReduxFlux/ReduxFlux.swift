import ReduxCore
