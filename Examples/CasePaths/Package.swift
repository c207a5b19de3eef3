// swift-tools-version: 6.1
import PackageDescription

// swift-case-paths' `@CasePathable` enums wherever swift-redux takes an `EnumCase`. A package of
// its own, like Examples/Dependencies: swift-case-paths' macro needs swift-syntax, which takes
// minutes to build, so neither swift-redux's users nor its own `swift build` resolve it. The
// bridge is one file (Sources/ReduxCasePaths) that an app which already imports CasePaths copies
// into its own module, as it conforms IdentifiedArray to IdentifiedElements.
let package = Package(
  name: "swift-redux-case-paths-example",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(name: "swift-redux", path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
  ],
  targets: [
    // The bridge: EnumCase from a case key path, and the operators that take an EnumCase
    // (ReduxUI's scope to a case included) taking one too.
    .target(
      name: "ReduxCasePaths",
      dependencies: [
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxUI", package: "swift-redux"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
    // A feature whose destinations are a @CasePathable enum: no EnumCase written by hand.
    .target(
      name: "ScreensFeature",
      dependencies: [
        "ReduxCasePaths",
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
    // `swift run --package-path Examples/CasePaths Screens`: the feature driven, printing.
    .executableTarget(
      name: "Screens",
      dependencies: [
        "ScreensFeature",
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
    // `swift run -c release --package-path Examples/CasePaths CasePathCost`: routing through a
    // case key path against an EnumCase written by hand, per dispatch.
    .executableTarget(
      name: "CasePathCost",
      dependencies: [
        "ScreensFeature", "ReduxCasePaths",
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
    .testTarget(
      name: "ScreensTests",
      dependencies: [
        "ScreensFeature", "ReduxCasePaths",
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxTesting", package: "swift-redux"),
        .product(name: "ReduxUI", package: "swift-redux"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
