// swift-tools-version: 6.1
import PackageDescription

// Six libraries (and the DevTools viewer tool) in one package; users link only the products
// they need. Every other module imports ReduxCore and never a sibling, and ReduxCore imports
// nothing outside the toolchain.
let package = Package(
  name: "swift-redux",
  platforms: [
    // The first Apple releases with task executors (`TaskExecutor`, SE-0417), which run every
    // saga on one deterministic scheduler; they also ship Observation and `Mutex`.
    .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
  ],
  products: [
    .library(name: "ReduxCore", targets: ["ReduxCore"]),
    .library(name: "ReduxSaga", targets: ["ReduxSaga"]),
    .library(name: "ReduxFlux", targets: ["ReduxFlux"]),
    .library(name: "ReduxCommand", targets: ["ReduxCommand"]),
    .library(name: "ReduxEffects", targets: ["ReduxEffects"]),
    .library(name: "ReduxDevTools", targets: ["ReduxDevTools"]),
    .executable(name: "redux-devtools-viewer", targets: ["DevToolsViewer"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    // For `swift package generate-documentation`: a command plugin, it adds no code to the
    // libraries.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(name: "ReduxCore"),
    .target(
      name: "ReduxSaga",
      dependencies: ["ReduxCore", .product(name: "Logging", package: "swift-log")]
    ),
    .target(name: "ReduxFlux", dependencies: ["ReduxCore"]),
    .target(name: "ReduxCommand", dependencies: ["ReduxCore"]),
    .target(
      name: "ReduxEffects",
      dependencies: ["ReduxCore", .product(name: "Logging", package: "swift-log")]
    ),
    .target(name: "ReduxDevTools", dependencies: ["ReduxCore"]),
    // Turns a JSON Lines recording into one self-contained HTML page.
    .executableTarget(name: "DevToolsViewer", dependencies: ["ReduxDevTools"]),

    .testTarget(name: "ReduxCoreTests", dependencies: ["ReduxCore"]),
    .testTarget(
      name: "ReduxSagaTests",
      dependencies: [
        "ReduxSaga", .product(name: "Logging", package: "swift-log"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(name: "ReduxFluxTests", dependencies: ["ReduxFlux"]),
    .testTarget(
      name: "ReduxCommandTests",
      dependencies: ["ReduxCommand", .product(name: "Clocks", package: "swift-clocks")]
    ),
    .testTarget(
      name: "ReduxEffectsTests",
      dependencies: [
        "ReduxEffects", .product(name: "Logging", package: "swift-log"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "ReduxDevToolsTests",
      dependencies: ["ReduxDevTools", .product(name: "Clocks", package: "swift-clocks")]
    ),

    .executableTarget(name: "Counter", dependencies: ["ReduxCore"], path: "Examples/Counter"),
    .executableTarget(name: "UserSaga", dependencies: ["ReduxSaga"], path: "Examples/UserSaga"),
    .executableTarget(name: "TodoFlux", dependencies: ["ReduxFlux"], path: "Examples/TodoFlux"),
    .executableTarget(
      name: "CommandCounter", dependencies: ["ReduxCommand"], path: "Examples/CommandCounter"
    ),
    .executableTarget(
      name: "PostsEffects",
      dependencies: ["ReduxEffects", .product(name: "Logging", package: "swift-log")],
      path: "Examples/PostsEffects"
    ),
    .executableTarget(
      name: "DevToolsCounter", dependencies: ["ReduxDevTools"], path: "Examples/DevToolsCounter"
    ),
    .executableTarget(
      name: "MainActorFeed", dependencies: ["ReduxEffects"], path: "Examples/MainActorFeed"
    ),
  ],
  swiftLanguageModes: [.v6]
)
