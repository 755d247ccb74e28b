import Foundation
import Layers

/// Where a collection view's items come from (UIKit's `UICollectionViewDataSource`).
public protocol UICollectionViewDataSource: AnyObject {
    /// Default: 1.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// The number of items in `section` (negative counts are read as 0).
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// Answer with `dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}
public extension UICollectionViewDataSource {
    /// Default: 1.
    func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// What a collection view tells its delegate about selection and display (UIKit's
/// `UICollectionViewDelegate`); it is also the scroll view's delegate. Every method is optional.
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// Whether a tap may select the item. Default: true.
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The user selected the item (a tap or a focused press); not called for `selectItem(at:…)`.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// The user's selection removed the item from the selection (a tap elsewhere, or a second tap with
    /// multiple selection); not called for `deselectItem(at:…)`.
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Whether a touch may highlight the item (and then select it). Default: true.
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// A touch went down on the item.
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The touch on the item lifted or was cancelled.
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// The cell is about to be shown for the item (made or reused as it scrolls in).
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
}
public extension UICollectionViewDelegate {
    /// Default: true.
    func collectionView(_ c: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    func collectionView(_ c: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    func collectionView(_ c: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// Default: true.
    func collectionView(_ c: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    func collectionView(_ c: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    func collectionView(_ c: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    func collectionView(_ c: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
}
