import Foundation
import Layers

/// Where a collection view's items come from (UIKit's `UICollectionViewDataSource`).
public protocol UICollectionViewDataSource: AnyObject {
    /// Default: 1.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// Answer with `dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}
public extension UICollectionViewDataSource {
    func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// What a collection view tells its delegate about selection and display (UIKit's
/// `UICollectionViewDelegate`); it is also the scroll view's delegate. Every method is optional.
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
}
public extension UICollectionViewDelegate {
    func collectionView(_ c: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    func collectionView(_ c: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    func collectionView(_ c: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    func collectionView(_ c: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    func collectionView(_ c: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    func collectionView(_ c: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    func collectionView(_ c: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
}
