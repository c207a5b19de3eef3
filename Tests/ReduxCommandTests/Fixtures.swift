import ReduxCommand
import ReduxCore
