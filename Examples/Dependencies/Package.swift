// swift-tools-version: 6.1
import PackageDescription

// Giving every side-effect model its dependencies with swift-dependencies, and replacing them in
// tests. A package of its own, like Benchmarks/: swift-dependencies (and the swift-syntax its
// macros need) is resolved and built only by those who build this example, never by users of
// swift-redux nor by its own `swift build`. CI runs `swift test --package-path
// Examples/Dependencies` and the example.
let package = Package(
  name: "swift-redux-dependencies-example",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(name: "swift-redux", path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
  ],
  targets: [
    // The feature: one action per side-effect model, each asking the weather service it gets
    // from `@Dependency`.
    .target(
      name: "WeatherFeature",
      dependencies: [
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxSaga", package: "swift-redux"),
        .product(name: "ReduxCommand", package: "swift-redux"),
        .product(name: "ReduxEffects", package: "swift-redux"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // `swift run --package-path Examples/Dependencies Weather`: the live service, then a
    // replaced one, printing what each model got.
    .executableTarget(
      name: "Weather",
      dependencies: [
        "WeatherFeature",
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "WeatherFeatureTests",
      dependencies: [
        "WeatherFeature",
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxSaga", package: "swift-redux"),
        .product(name: "ReduxTesting", package: "swift-redux"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
  ]
)
