#!/usr/bin/python3
"""check_detectors.py — object detectors exported from Debian's PyTorch with dynamic image
axes, run by `nnx run` (a staged graph: NonZero, TopK, If, NonMaxSuppression) at two or
three image shapes each and compared with PyTorch, detection by detection:

- torchvision's ssdlite320_mobilenet_v3_large (weights=None, weights_backbone=None,
  num_classes=3, score_thresh 0.8, 100 candidates per class, 50 detections), traced by
  torch.onnx.export at opset 13 with the documented list-of-images input, height and width
  dynamic. Its transform resizes every image to 320x320 (ONNX Resize from the run-time
  size) and scales the boxes back, so the two shapes tried (3x240x320, 3x300x200) differ in
  the input and in the boxes, not in the backbone's shapes. Its tail holds NonZero (score
  threshold), TopK with K = min(100, candidates), and batched_nms as an If around
  NonMaxSuppression. Random weights are degenerate (features vanish, every score ties at
  1/num_classes), so the BatchNorm statistics are first averaged over four random batches
  in train mode and the class logits scaled by 0.3: 45 and 7 detections, well separated.
- TinyDetector: a scripted (torch.jit.script) conv detector, one box and three class
  scores per location of a stride-4 map: score threshold by a boolean mask (NonZero),
  `if boxes.numel() == 0` (ONNX If, a run-time condition), torchvision.ops.batched_nms
  (scripted: a nested If whose untaken branch holds Unique and a Loop), TopK with a
  run-time K; dynamic batch, height and width, opset 16. Three inputs: 1x3x32x48 and
  2x3x40x24 (detections, the batch index an output) and a constant image with none (the
  If's then-branch, empty outputs).

Weights and images are random from fixed seeds. Comparison: the same number of
detections; nnx's scores in descending order; each PyTorch detection, in PyTorch's order, matched
one to one with the first unmatched nnx detection of the same label (and image) whose score is
within SCORE_TOL and whose box corners are within BOX_TOL pixels. Matching rather than
position by position keeps the test indifferent to the order of scores closer than the
tolerance; with these seeds the orders agree as well (printed, with the largest score and
box differences).

  /usr/bin/python3 tests/models/check_detectors.py NNX OUT_DIR [--full]

--full adds two models too slow for ctest, which runs the rest (about 25 s alone on 2
cores, up to 60 s beside the rest of ctest -j2):
- the default 91-class SSDlite (score_thresh 0.5, 300 candidates per class and detections,
  class logits unscaled; BatchNorm as above): its tail unrolled over 90 classes (a NonZero
  and a TopK each), a Concat of 90 inputs; 290 and 73 detections; export 1-2 minutes.
- torchvision's fasterrcnn_mobilenet_v3_large_320_fpn (see FasterRcnn: RPN TopK and NMS,
  MultiScaleRoIAlign's per-level NonZero / RoiAlign / ScatterElements, whose Expand is
  empty for a level without boxes, the box head's NMS); 50 detections at each shape (the cap), 8-9 s per nnx run.

Exit 0 when every case matches, 1 naming the model and shape otherwise, 77 when Debian's
python3-torch / python3-torchvision are not installed.
"""
import os
import subprocess
import sys
import time

import numpy as np

try:
    import torch
    import torchvision
except ImportError:
    print("skipped: python3-torch / python3-torchvision are not installed")
    sys.exit(77)

SEED = 20261128
SCORE_TOL = 1e-4
BOX_TOL = 1e-2  # pixels; the boxes span up to 320


class TinyDetector(torch.nn.Module):
    """Conv features at stride 4; per location a box (center offset, log size) and three
    class scores; threshold, NMS per image and class, the top 20."""

    def __init__(self):
        super().__init__()
        self.backbone = torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 3, stride=2, padding=1), torch.nn.ReLU(),
            torch.nn.Conv2d(8, 16, 3, stride=2, padding=1), torch.nn.ReLU())
        self.head = torch.nn.Conv2d(16, 4 + 3, 3, padding=1)
        self.num_classes = 3
        self.stride = 4
        self.score_thresh = 0.9
        self.iou_thresh = 0.5
        self.topk = 20

    def forward(self, x):
        c, stride = self.num_classes, self.stride
        out = self.head(self.backbone(x))
        n, h, w = out.shape[0], out.shape[2], out.shape[3]
        out = out.permute(0, 2, 3, 1).reshape(n, h * w, 4 + c)
        ys = (torch.arange(h, dtype=torch.float32) + 0.5) * stride
        xs = (torch.arange(w, dtype=torch.float32) + 0.5) * stride
        cy = ys.reshape(h, 1).expand(h, w).reshape(1, h * w)
        cx = xs.reshape(1, w).expand(h, w).reshape(1, h * w)
        bx = cx + out[:, :, 0] * stride
        by = cy + out[:, :, 1] * stride
        bw = torch.exp(torch.clamp(out[:, :, 2], max=2.0)) * (2 * stride)
        bh = torch.exp(torch.clamp(out[:, :, 3], max=2.0)) * (2 * stride)
        boxes = torch.stack([bx - bw / 2, by - bh / 2, bx + bw / 2, by + bh / 2], dim=2)
        scores = torch.sigmoid(out[:, :, 4:])
        boxes = boxes.reshape(n, h * w, 1, 4).expand(n, h * w, c, 4).reshape(-1, 4)
        scores = scores.reshape(-1)
        labels = torch.arange(c).reshape(1, 1, c).expand(n, h * w, c).reshape(-1)
        batch = torch.arange(n).reshape(n, 1, 1).expand(n, h * w, c).reshape(-1)
        keep = scores > self.score_thresh
        boxes, scores, labels, batch = boxes[keep], scores[keep], labels[keep], batch[keep]
        if boxes.numel() == 0:
            kept = torch.zeros(0, dtype=torch.int64)
        else:
            kept = torchvision.ops.batched_nms(boxes, scores, batch * c + labels, self.iou_thresh)
            k = min(self.topk, kept.numel())
            order = scores[kept].topk(k)[1]
            kept = kept[order]
        return boxes[kept], scores[kept], labels[kept], batch[kept]


def tiny_detector():
    torch.manual_seed(1)
    model = TinyDetector().eval()
    with torch.no_grad():
        for p in model.parameters():
            torch.nn.init.normal_(p, std=0.2)
    return torch.jit.script(model)


def calibrate_batch_norm(net, run):
    """BatchNorm statistics averaged over four random 2x3x320x320 batches passed to run in
    train mode (torchvision's fresh ones make every feature vanish); net left in eval."""
    for b in net.modules():
        if isinstance(b, torch.nn.BatchNorm2d):
            b.reset_running_stats()
            b.momentum = None
    net.train()
    gen = torch.Generator().manual_seed(99)
    with torch.no_grad():
        for _ in range(4):
            run(torch.rand(2, 3, 320, 320, generator=gen))
    net.eval()


class Ssdlite(torch.nn.Module):
    """torchvision's SSDlite on one image (the list the detection models take), its
    detections as a tuple; logit_scale multiplies the class logits."""

    def __init__(self, logit_scale, **kwargs):
        super().__init__()
        torch.manual_seed(1)
        self.net = torchvision.models.detection.ssdlite320_mobilenet_v3_large(weights=None, weights_backbone=None,
                                                                              **kwargs)
        # then sharper class logits: scores that do not all tie
        calibrate_batch_norm(self.net, lambda x: self.net.head(list(self.net.backbone(x).values())))
        with torch.no_grad():
            for seq in self.net.head.classification_head.module_list:
                seq[1].weight.mul_(logit_scale)
        self.eval()

    def forward(self, image):
        d = self.net([image])[0]
        return d["boxes"], d["scores"], d["labels"]


class FasterRcnn(torch.nn.Module):
    """torchvision's fasterrcnn_mobilenet_v3_large_320_fpn (3 classes, score threshold 0.45,
    50 detections) on one image. Beside the BatchNorm statistics, its FPN outputs are scaled
    by 1e-3 (random FPN convolutions give features of ~5000 and box deltas of ~200, which turn
    float32 rounding into pixels) and its class logits by 3."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(1)
        self.net = torchvision.models.detection.fasterrcnn_mobilenet_v3_large_320_fpn(
            weights=None, weights_backbone=None, num_classes=3, box_score_thresh=0.45, box_detections_per_img=50)
        calibrate_batch_norm(self.net, self.net.backbone)
        with torch.no_grad():
            for conv in self.net.backbone.fpn.layer_blocks.modules():
                if isinstance(conv, torch.nn.Conv2d):
                    conv.weight.mul_(1e-3)
                    conv.bias.mul_(1e-3)
            self.net.roi_heads.box_predictor.cls_score.weight.mul_(3.0)
        self.eval()

    def forward(self, image):
        d = self.net([image])[0]
        return d["boxes"], d["scores"], d["labels"]


def cases(full):
    """(name, model, opset, input name, dynamic axes, output names, inputs tried)."""
    def image(k, shape):
        return torch.rand(*shape, generator=torch.Generator().manual_seed(k))
    images = [image(0, (3, 240, 320)), image(1, (3, 300, 200))]
    yield ("ssdlite320_3class", Ssdlite(0.3, num_classes=3, score_thresh=0.8, detections_per_img=50,
                                        topk_candidates=100), 13, "images", {1: "height", 2: "width"},
           ["boxes", "scores", "labels"], images)
    if full:
        yield ("ssdlite320_91class", Ssdlite(1.0, score_thresh=0.5), 13, "images", {1: "height", 2: "width"},
               ["boxes", "scores", "labels"], images)
        yield ("fasterrcnn_mobilenet_320", FasterRcnn(), 13, "images", {1: "height", 2: "width"},
               ["boxes", "scores", "labels"], images)
    gen = torch.Generator().manual_seed(7)
    yield ("tiny_detector", tiny_detector(), 16, "images", {0: "batch", 2: "height", 3: "width"},
           ["boxes", "scores", "labels", "batch"],
           [torch.randn(1, 3, 32, 48, generator=gen), torch.randn(2, 3, 40, 24, generator=gen),
            torch.full((1, 3, 16, 16), -1.0)])


def compare(want, got, names):
    """Problems found comparing nnx's detections got with PyTorch's want (dicts by output
    name), and whether the orders agree."""
    n = len(want["scores"])
    for name in names:
        if got[name].shape != want[name].shape or got[name].dtype != want[name].dtype:
            return ["%s is %s %s, PyTorch's %s %s" % (name, got[name].dtype, list(got[name].shape),
                                                       want[name].dtype, list(want[name].shape))], False
    problems = []
    if np.any(np.diff(got["scores"]) > 0):
        problems.append("scores are not in descending order")
    keys = [k for k in names if k not in ("boxes", "scores")]  # labels, batch index: equal
    free = list(range(n))
    in_order = True
    for i in range(n):
        best = None
        for j in free:
            if all(got[k][j] == want[k][i] for k in keys) and \
                    abs(float(got["scores"][j]) - float(want["scores"][i])) <= SCORE_TOL and \
                    float(np.max(np.abs(got["boxes"][j] - want["boxes"][i]))) <= BOX_TOL:
                best = j
                break
        if best is None:
            problems.append("detection %d (%s, score %.6f, box %s) has no match" % (
                i, ", ".join("%s %d" % (k, want[k][i]) for k in keys), want["scores"][i], want["boxes"][i].tolist()))
            if len(problems) > 5:
                break
            continue
        in_order &= best == i
        free.remove(best)
    return problems, in_order


def main():
    full = "--full" in sys.argv
    nnx, out = [a for a in sys.argv[1:] if a != "--full"][:2]
    os.makedirs(out, exist_ok=True)
    failed = 0
    for name, model, opset, input_name, axes, names, samples in cases(full):
        path = os.path.join(out, name + ".onnx")
        t0 = time.time()
        torch.onnx.export(model, (samples[0],), path, input_names=[input_name], output_names=names,
                          opset_version=opset, dynamic_axes={input_name: axes})
        print("%s: exported in %.1f s" % (name, time.time() - t0))
        for k, sample in enumerate(samples):
            with torch.no_grad():
                want = dict(zip(names, (t.numpy() for t in model(sample))))
            vfile = os.path.join(out, "%s.%d.npy" % (name, k))
            np.save(vfile, sample.numpy())
            run_dir = os.path.join(out, "%s.%d" % (name, k))
            t0 = time.time()
            run = subprocess.run([nnx, "run", path, "--input", "%s=%s" % (input_name, vfile), "-o", run_dir],
                                 capture_output=True, text=True)
            took = time.time() - t0
            shape = "x".join(str(d) for d in sample.shape)
            if run.returncode != 0:
                print("FAIL %s at %s: nnx run exited %d: %s" % (name, shape, run.returncode, run.stderr.strip()))
                failed += 1
                continue
            got = {n_: np.load(os.path.join(run_dir, n_ + ".npy")) for n_ in names}
            problems, in_order = compare(want, got, names)
            failed += bool(problems)
            n = len(want["scores"])
            err = ""
            if not problems and n:
                err = ", max |score diff| %.2e, max |box diff| %.2e px" % (
                    float(np.max(np.abs(np.sort(got["scores"]) - np.sort(want["scores"])))),
                    float(np.max(np.abs(got["boxes"] - want["boxes"]))) if in_order else float("nan"))
            print("%s %s at %s: %d detections%s, %s (nnx run %.1f s)" % (
                "FAIL" if problems else "PASS", name, shape, n, err,
                "same order" if in_order else "order differs among near-ties", took))
            for p in problems:
                print("  " + p)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
