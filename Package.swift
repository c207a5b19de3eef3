// swift-tools-version: 6.1
import PackageDescription

// Eight libraries (and the DevTools viewer tool) in one package, plus ReduxTesting for test
// targets; users link only the products they need. Every other module imports ReduxCore (and
// ReduxSeam, the internal target the modules share machinery through) and never a sibling
// product; ReduxCore imports nothing outside the toolchain but ReduxSeam. ReduxTesting sees the
// side-effect modules' work through the seam's work reporting, never by importing them.
let package = Package(
  name: "swift-redux",
  platforms: [
    // The first Apple releases with task executors (`TaskExecutor`, SE-0417), which run every
    // saga on one deterministic scheduler; they also ship Observation and `Mutex`.
    .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
  ],
  products: [
    .library(name: "ReduxCore", targets: ["ReduxCore"]),
    .library(name: "ReduxUI", targets: ["ReduxUI"]),
    .library(name: "ReduxSaga", targets: ["ReduxSaga"]),
    .library(name: "ReduxFlux", targets: ["ReduxFlux"]),
    .library(name: "ReduxCommand", targets: ["ReduxCommand"]),
    .library(name: "ReduxEffects", targets: ["ReduxEffects"]),
    .library(name: "ReduxDevTools", targets: ["ReduxDevTools"]),
    .library(name: "ReduxPersistence", targets: ["ReduxPersistence"]),
    .executable(name: "redux-devtools-viewer", targets: ["DevToolsViewer"]),
    .library(name: "ReduxTesting", targets: ["ReduxTesting"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // Test-only: ReduxDevToolsTests talk to the live inspector over FlyingSocks' plain sockets,
    // as a broken or hostile browser would.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    // Test-only: ReduxCoreTests and the Todos example conform IdentifiedArray to
    // IdentifiedElements as the docs show. A package used by no library product is not fetched
    // by users of this one.
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // For `swift package generate-documentation`: a command plugin, it adds no code to the
    // libraries.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Not a product: what the sibling modules share with the core (Sources/ReduxSeam/ReduxSeam.swift
    // lists each part and who uses it). Every declaration in it is `package`.
    .target(name: "ReduxSeam"),
    .target(name: "ReduxCore", dependencies: ["ReduxSeam"]),
    .target(name: "ReduxUI", dependencies: ["ReduxCore", "ReduxSeam"]),
    .target(
      name: "ReduxSaga",
      dependencies: ["ReduxCore", "ReduxSeam", .product(name: "Logging", package: "swift-log")]
    ),
    .target(name: "ReduxFlux", dependencies: ["ReduxCore", "ReduxSeam"]),
    .target(name: "ReduxCommand", dependencies: ["ReduxCore", "ReduxSeam"]),
    .target(
      name: "ReduxEffects",
      dependencies: [
        "ReduxCore", "ReduxSeam", .product(name: "Logging", package: "swift-log"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    .target(
      name: "ReduxTesting",
      dependencies: [
        "ReduxCore", "ReduxSeam", .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Lets reportIssue reach Swift Testing and XCTest, so users' test targets need not add it.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "ReduxDevTools",
      dependencies: ["ReduxCore", "ReduxSeam", .product(name: "Logging", package: "swift-log")],
      // The pages' styles and script, compiled into the module as bytes: no Bundle lookup at
      // run time, on Linux too, and a moved binary still has them.
      resources: [
        .embedInCode("Page/page.css"), .embedInCode("Page/session.js"),
        .embedInCode("Page/inspector.js"),
      ]
    ),
    // Saves the state to files or a key-value store; knows of time travel only through the
    // store (ReduxSeam's TimeTravelMark), not by importing ReduxDevTools.
    .target(name: "ReduxPersistence", dependencies: ["ReduxCore", "ReduxSeam"]),
    // Turns a JSON Lines recording into one self-contained HTML page.
    .executableTarget(name: "DevToolsViewer", dependencies: ["ReduxDevTools"]),

    .testTarget(
      name: "ReduxCoreTests",
      dependencies: [
        "ReduxSeam",
        "ReduxCore",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .testTarget(name: "ReduxUITests", dependencies: ["ReduxSeam", "ReduxUI"]),
    .testTarget(
      name: "ReduxSagaTests",
      dependencies: [
        "ReduxSeam",
        "ReduxSaga", .product(name: "Logging", package: "swift-log"),
        .product(name: "Clocks", package: "swift-clocks"),
        // Only to prove SagaTest runs a saga on a command reducer's store.
        "ReduxCommand",
      ]
    ),
    .testTarget(name: "ReduxFluxTests", dependencies: ["ReduxSeam", "ReduxFlux"]),
    .testTarget(
      name: "ReduxCommandTests",
      dependencies: [
        "ReduxSeam",
        "ReduxCommand", .product(name: "Clocks", package: "swift-clocks"),
        // Only to prove a view store sees the states that commands produce.
        "ReduxUI",
      ]
    ),
    .testTarget(
      name: "ReduxEffectsTests",
      dependencies: [
        "ReduxSeam",
        "ReduxEffects", .product(name: "Logging", package: "swift-log"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "ReduxDevToolsTests",
      dependencies: [
        "ReduxSeam",
        "ReduxDevTools", .product(name: "Clocks", package: "swift-clocks"),
        // To check that a jump from the inspector reaches a view store.
        "ReduxUI",
        // To read what the inspector logs, and to talk to it over a plain socket.
        .product(name: "Logging", package: "swift-log"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      // Files written by earlier releases, read by the tests from the source tree.
      exclude: ["Written"]
    ),

    .testTarget(
      name: "ReduxPersistenceTests",
      dependencies: [
        "ReduxSeam", "ReduxPersistence", .product(name: "Clocks", package: "swift-clocks"),
        // To check that nothing is saved while DevTools travels through the store's history.
        "ReduxDevTools",
      ],
      // Files written by earlier releases, read by the tests from the source tree.
      exclude: ["Written"]
    ),
    .testTarget(
      name: "ReduxTestingTests",
      dependencies: [
        "ReduxSeam",
        "ReduxTesting", "ReduxSaga", "ReduxCommand", "ReduxEffects",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),

    .executableTarget(name: "Counter", dependencies: ["ReduxCore"], path: "Examples/Counter"),
    // UserSaga and PostsEffects are split as an app would be: the feature as a library, the
    // executable that runs it, and tests that drive it with ReduxTesting.
    .target(
      name: "UserSagaFeature", dependencies: ["ReduxSaga"], path: "Examples/UserSaga/UserFeature"
    ),
    .executableTarget(
      name: "UserSaga", dependencies: ["UserSagaFeature", "ReduxSaga"],
      path: "Examples/UserSaga/App"
    ),
    .testTarget(
      name: "UserSagaTests",
      dependencies: [
        "UserSagaFeature", "ReduxSaga", "ReduxTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      path: "Examples/UserSaga/Tests"
    ),
    .executableTarget(name: "TodoFlux", dependencies: ["ReduxFlux"], path: "Examples/TodoFlux"),
    .executableTarget(
      name: "CommandCounter", dependencies: ["ReduxCommand"], path: "Examples/CommandCounter"
    ),
    .target(
      name: "PostsFeature", dependencies: ["ReduxEffects"],
      path: "Examples/PostsEffects/PostsFeature"
    ),
    .executableTarget(
      name: "PostsEffects",
      dependencies: [
        "PostsFeature", "ReduxEffects", .product(name: "Logging", package: "swift-log"),
      ],
      path: "Examples/PostsEffects/App"
    ),
    .testTarget(
      name: "PostsEffectsTests",
      dependencies: ["PostsFeature", "ReduxEffects", "ReduxTesting"],
      path: "Examples/PostsEffects/Tests"
    ),
    .executableTarget(
      name: "DevToolsCounter", dependencies: ["ReduxDevTools"], path: "Examples/DevToolsCounter"
    ),
    .executableTarget(
      name: "MainActorFeed", dependencies: ["ReduxEffects", "ReduxUI"],
      path: "Examples/MainActorFeed"
    ),
    // Todos is split as PostsEffects is: an app built as a tree of features (rows, a presented
    // screen, a navigation stack) on an IdentifiedArray, conformed to IdentifiedElements in the
    // feature; example targets are not fetched by users, so the package stays test-only.
    .target(
      name: "TodosFeature",
      dependencies: [
        // ReduxDevTools for the app's action registry (TodosRegistry.swift).
        "ReduxCommand", "ReduxDevTools",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      path: "Examples/Todos/TodosFeature"
    ),
    .executableTarget(
      name: "Todos",
      dependencies: [
        "TodosFeature", "ReduxCommand", "ReduxDevTools", "ReduxUI",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      path: "Examples/Todos/App"
    ),
    .testTarget(
      name: "TodosTests",
      dependencies: [
        "TodosFeature", "ReduxCommand", "ReduxTesting", "ReduxUI",
        // To export and re-import a session of the app with DevTools.
        "ReduxDevTools",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      path: "Examples/Todos/Tests"
    ),
    // SyncUps is TCA's SyncUps app on swift-redux: the list owns the sync-ups, and the detail and
    // record screens reach theirs by id (EntityOwner), kept in a file with ReduxPersistence.
    .target(
      name: "SyncUpsFeature", dependencies: ["ReduxCommand", "ReduxPersistence"],
      path: "Examples/SyncUps/SyncUpsFeature"
    ),
    .executableTarget(
      name: "SyncUps",
      dependencies: [
        "SyncUpsFeature", "ReduxCommand", "ReduxPersistence", "ReduxDevTools",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      path: "Examples/SyncUps/App"
    ),
    .testTarget(
      name: "SyncUpsTests",
      dependencies: [
        "SyncUpsFeature", "ReduxCommand", "ReduxPersistence", "ReduxDevTools", "ReduxTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      path: "Examples/SyncUps/Tests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
