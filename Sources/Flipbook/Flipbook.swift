// The umbrella module user code imports: `import Flipbook` brings in the layer and view APIs,
// as `import UIKit` does on iOS.
@_exported import Foundation
@_exported import Layers
@_exported import Views
