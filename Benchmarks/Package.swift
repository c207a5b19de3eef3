// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so that users of swift-redux never resolve the
// harness. Each benchmark target is a folder under Benchmarks/Benchmarks/ (the harness's plugin
// finds them there); the side-effect modules get their own targets as they land.
let package = Package(
  name: "swift-redux-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // The malloc interposer counts allocations per operation; the other default trait (an ARC
    // runtime interposer) is left off: it is not needed and its package is not resolvable here.
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(name: "swift-redux", path: ".."),
  ],
  targets: [
    // Stores, states and actions shared by the benchmarks and the callgrind driver.
    .target(
      name: "CoreFixtures",
      dependencies: [.product(name: "ReduxCore", package: "swift-redux")]
    ),
    .executableTarget(
      name: "CoreBenchmarks",
      dependencies: [
        "CoreFixtures",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ReduxCore", package: "swift-redux"),
      ],
      path: "Benchmarks/CoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Runs one scenario under valgrind's callgrind (instruction counts); see docs/performance.md.
    .executableTarget(
      name: "CoreProfile",
      dependencies: ["CoreFixtures", .product(name: "ReduxCore", package: "swift-redux")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
