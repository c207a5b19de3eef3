// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so that users of swift-redux never resolve the
// harness. Each benchmark target is a folder under Benchmarks/Benchmarks/ (the harness's plugin
// finds them there): CoreBenchmarks for ReduxCore and ReduxUI, ModuleBenchmarks for the
// side-effect modules.
let package = Package(
  name: "swift-redux-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // The malloc interposer counts allocations per operation; the other default trait (an ARC
    // runtime interposer) is left off: it is not needed and its package is not resolvable here.
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(name: "swift-redux", path: ".."),
    // For a `Logger` with its level set, for the logger effect (already a dependency of
    // ReduxEffects, so nothing new is resolved).
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // For benchmark 15: forEach over the IdentifiedArray that TCA users keep their rows in.
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
  ],
  targets: [
    // The configuration every benchmark target uses (samples, metrics, the smoke switch).
    .target(
      name: "BenchmarkConfiguration",
      dependencies: [.product(name: "Benchmark", package: "benchmark")]
    ),
    // Stores, states and actions shared by the benchmarks and the callgrind driver.
    .target(
      name: "CoreFixtures",
      dependencies: [
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .executableTarget(
      name: "CoreBenchmarks",
      dependencies: [
        "BenchmarkConfiguration",
        "CoreFixtures",
        "UIFixtures",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxUI", package: "swift-redux"),
      ],
      path: "Benchmarks/CoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Switches callgrind's instruction counting on and off around a profile's measured loop.
    .target(name: "CallgrindClient"),
    // Runs one scenario under valgrind's callgrind (instruction counts); see docs/performance.md.
    .executableTarget(
      name: "CoreProfile",
      dependencies: [
        "CallgrindClient", "CoreFixtures", .product(name: "ReduxCore", package: "swift-redux"),
      ]
    ),
    // Lists of rows and memoized selectors, shared by CoreBenchmarks and UIProfile.
    .target(
      name: "UIFixtures",
      dependencies: [
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxUI", package: "swift-redux"),
      ]
    ),
    // ReduxUI's scenarios under callgrind, as CoreProfile for the core.
    .executableTarget(
      name: "UIProfile",
      dependencies: [
        "CallgrindClient", "CoreFixtures", "UIFixtures",
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxUI", package: "swift-redux"),
      ]
    ),
    // The side-effect modules: one target, a file per module, so the harness builds and links
    // one more executable rather than four.
    .target(
      name: "ModuleFixtures",
      dependencies: [
        "CoreFixtures",
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxFlux", package: "swift-redux"),
        .product(name: "ReduxCommand", package: "swift-redux"),
        .product(name: "ReduxEffects", package: "swift-redux"),
        .product(name: "ReduxSaga", package: "swift-redux"),
        .product(name: "ReduxPersistence", package: "swift-redux"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "ModuleBenchmarks",
      dependencies: [
        "BenchmarkConfiguration",
        "CoreFixtures",
        "ModuleFixtures",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxFlux", package: "swift-redux"),
        .product(name: "ReduxCommand", package: "swift-redux"),
        .product(name: "ReduxEffects", package: "swift-redux"),
        .product(name: "ReduxSaga", package: "swift-redux"),
        .product(name: "ReduxDevTools", package: "swift-redux"),
      ],
      path: "Benchmarks/ModuleBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // ModuleBenchmarks' scenarios under callgrind, as CoreProfile for the core.
    .executableTarget(
      name: "ModuleProfile",
      dependencies: [
        "CallgrindClient", "CoreFixtures",
        "ModuleFixtures",
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxFlux", package: "swift-redux"),
        .product(name: "ReduxCommand", package: "swift-redux"),
        .product(name: "ReduxEffects", package: "swift-redux"),
        .product(name: "ReduxSaga", package: "swift-redux"),
        .product(name: "ReduxDevTools", package: "swift-redux"),
        .product(name: "ReduxPersistence", package: "swift-redux"),
      ]
    ),
    // A long soak under sagas and commands (RSS, longest dispatch, puts during the load).
    .executableTarget(
      name: "Soak",
      dependencies: [
        .product(name: "ReduxCore", package: "swift-redux"),
        .product(name: "ReduxSaga", package: "swift-redux"),
        .product(name: "ReduxCommand", package: "swift-redux"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
