import Flipbook

/// Every scene, in menu order. Adding a scene: one file, one line here.
public enum SceneRegistry {
    public static let all: [Scene.Type] = [
        HelloScene.self,
        CountdownScene.self,
        GeometryScene.self,
        ProgressScene.self,
        BasicsScene.self,
        TransitionsScene.self,
        FloScene.self,
        AnimatorScene.self,
        CitiesScene.self,
        ModalScene.self,
        LayoutScene.self,
        DrawingScene.self,
        ReplicatorScene.self,
        ParticlesScene.self,
        EffectsScene.self,
        TableScene.self,
        PagesScene.self,
    ]
}
