// contactsim replay report: animates the bodies of a run from its trajectory samples with three.js.
// A classic script: three's ES module is inlined as text (#three-module) and imported from a blob
// URL, so the page needs no network and no server. The data (#report-data) is written by
// apps/report/report_html.cpp: lengths are integers in units of `length_quantum`, quaternion
// components (w, x, y, z) integers in units of `rotation_quantum`.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const source = document.getElementById('three-module').textContent;
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  import(url).then((THREE) => start(THREE, data)).catch((error) => {
    document.getElementById('stage').textContent = 'three.js failed to load: ' + error;
    throw error;
  });

  // Contact colours: smooth contacts by friction mode, the other models by name.
  const kKindColours = {
    sliding: 0xd62728, rolling: 0x2ca02c, 'rolling-no-spin': 0x1f77b4, other: 0x7f7f7f,
  };

  function start(THREE, data) {
    const L = data.length_quantum;
    const R = data.rotation_quantum;
    const times = data.times;
    document.getElementById('description').textContent = data.description;

    // Renderer, scene, lights.
    const stage = document.getElementById('stage');
    const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    renderer.setPixelRatio(window.devicePixelRatio || 1);
    stage.prepend(renderer.domElement);
    const scene = new THREE.Scene();
    scene.background = new THREE.Color(0xdfe6ec);
    scene.add(new THREE.HemisphereLight(0xffffff, 0x667788, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.8);
    scene.add(sun);

    // Bodies: one mesh each, in body coordinates (centre of mass at the origin).
    const geometries = [];
    const nodes = data.bodies.map((body) => {
      const shaded = body.mesh.same_as === undefined ? geometryOf(body.mesh)
        : geometries[body.mesh.same_as];
      geometries.push(shaded);
      const m = data.bodies[body.mesh.same_as ?? geometries.length - 1].mesh;
      const material = new THREE.MeshStandardMaterial({
        color: new THREE.Color(body.colour), roughness: 0.7, metalness: 0.05,
        side: THREE.DoubleSide,  // smooth surfaces may be open shells (one Bézier patch)
        transparent: m.plate, opacity: m.plate ? 0.75 : 1.0 });
      const node = new THREE.Mesh(shaded, material);
      node.name = body.name;
      scene.add(node);
      const legend = document.getElementById('legend');
      const swatch = document.createElement('span');
      swatch.style.background = body.colour;
      legend.append(swatch, body.name);
      return node;
    });
    function geometryOf(m) {
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position',
        new THREE.Float32BufferAttribute(m.positions.map((v) => v * L), 3));
      geometry.setIndex(m.indices);
      let shaded = geometry;
      if (m.normals) {
        geometry.setAttribute('normal',
          new THREE.Float32BufferAttribute(m.normals.map((v) => v / 1000), 3));
      } else {
        shaded = geometry.toNonIndexed();  // flat faces: polyhedra, meshes, plates
        shaded.computeVertexNormals();
      }
      return shaded;
    }

    // Contacts of the current sample: a point, its normal and its force on body a (scaled).
    const contactGroup = new THREE.Group();
    scene.add(contactGroup);
    const dotGeometry = new THREE.SphereGeometry(1, 12, 8);
    const dotMaterials = new Map();
    function dotMaterial(colour) {
      if (!dotMaterials.has(colour)) dotMaterials.set(colour, new THREE.MeshBasicMaterial({ color: colour }));
      return dotMaterials.get(colour);
    }
    if (data.contacts) {
      const legend = document.getElementById('legend');
      legend.append(document.createElement('br'), 'contacts:');
      for (const kind of data.contact_kinds) {
        const swatch = document.createElement('span');
        swatch.style.background = '#' + (kKindColours[kind] ?? kKindColours.other).toString(16).padStart(6, '0');
        legend.append(swatch, kind);
      }
    }

    function pose(body, index) {
      const p = body.poses;
      const i = body.fixed ? 0 : 7 * index;
      return [p[i] * L, p[i + 1] * L, p[i + 2] * L, p[i + 3] / R, p[i + 4] / R, p[i + 5] / R,
        p[i + 6] / R];
    }
    // Camera looking at the free bodies' initial bounds from above and aside.
    const camera = new THREE.PerspectiveCamera(40, 1, 1e-3, 1e4);
    // Up against gravity (+y in planar scenes); `front` the horizontal side the camera starts on.
    const up = new THREE.Vector3().fromArray(data.view.up);
    const front = new THREE.Vector3().fromArray(data.view.front);
    const side = new THREE.Vector3().crossVectors(up, front);
    camera.up.copy(up);
    const home = new THREE.Vector3().fromArray(data.view.centre);
    const target = home.clone();
    const radius = data.view.radius;
    // The camera follows the free bodies' mean position when they travel far (a thrown body).
    const free = data.bodies.filter((body) => !body.fixed && !body.mesh.plate);
    function freeCentre(index) {
      const c = new THREE.Vector3();
      for (const body of free) c.add(new THREE.Vector3(...pose(body, index).slice(0, 3)));
      return free.length ? c.divideScalar(free.length) : c;
    }
    const follow = document.getElementById('follow');
    const centre0 = freeCentre(0);
    follow.checked = times.some((_, index) => freeCentre(index).distanceTo(centre0) > 1.5 * radius);
    follow.addEventListener('change', () => showSample(k));
    const orbit = { azimuth: 0, elevation: 0.7, distance: 3.5 * radius };
    camera.near = radius * 1e-3;
    camera.far = radius * 1e3;
    function placeCamera() {
      const c = Math.cos(orbit.elevation);
      camera.position.copy(target)
        .addScaledVector(front, orbit.distance * c * Math.cos(orbit.azimuth))
        .addScaledVector(side, orbit.distance * c * Math.sin(orbit.azimuth))
        .addScaledVector(up, orbit.distance * Math.sin(orbit.elevation));
      camera.lookAt(target);
      sun.position.copy(camera.position).addScaledVector(up, radius * 4);
      camera.updateProjectionMatrix();
    }
    // Drag to orbit, wheel to zoom.
    let drag = null;
    renderer.domElement.addEventListener('pointerdown', (e) => { drag = [e.clientX, e.clientY]; });
    window.addEventListener('pointerup', () => { drag = null; });
    window.addEventListener('pointermove', (e) => {
      if (!drag) return;
      orbit.azimuth -= (e.clientX - drag[0]) * 0.01;
      orbit.elevation = Math.max(-1.5, Math.min(1.5, orbit.elevation + (e.clientY - drag[1]) * 0.01));
      drag = [e.clientX, e.clientY];
      placeCamera();
      draw();
    });
    renderer.domElement.addEventListener('wheel', (e) => {
      e.preventDefault();
      orbit.distance *= Math.exp(e.deltaY * 0.001);
      placeCamera();
      draw();
    }, { passive: false });

    // Time: the sample index k; poses are interpolated between samples while playing.
    const slider = document.getElementById('slider');
    const clock = document.getElementById('clock');
    slider.max = String(times.length - 1);
    let k = 0;
    const q = new THREE.Quaternion();
    function showSample(index) {
      k = Math.max(0, Math.min(times.length - 1, index));
      data.bodies.forEach((body, b) => {
        const [x, y, z, w, qx, qy, qz] = pose(body, k);
        nodes[b].position.set(x, y, z);
        nodes[b].quaternion.copy(q.set(qx, qy, qz, w).normalize());
      });
      target.copy(home);
      if (follow.checked) target.add(freeCentre(k).sub(centre0));
      placeCamera();
      showContacts(k);
      slider.value = String(k);
      clock.textContent = 't = ' + times[k].toFixed(3) + ' s';
      markPastEvents(times[k]);
      draw();
    }
    function showContacts(index) {
      for (const child of contactGroup.children) if (child.dispose) child.dispose();
      contactGroup.clear();
      if (!data.contacts) return;
      const size = radius * 0.02;
      for (const c of data.contacts[index]) {
        const point = new THREE.Vector3(c[2] * L, c[3] * L, c[4] * L);
        const colour = kKindColours[data.contact_kinds[c[11]]] ?? kKindColours.other;
        const dot = new THREE.Mesh(dotGeometry, dotMaterial(colour));
        dot.scale.setScalar(size);
        dot.position.copy(point);
        contactGroup.add(dot);
        const n = new THREE.Vector3(c[5], c[6], c[7]).normalize();
        contactGroup.add(new THREE.ArrowHelper(n, point, radius * 0.25, 0x333333));
        const f = new THREE.Vector3(c[8], c[9], c[10]).multiplyScalar(data.force_quantum);
        const length = f.length() * data.force_scale;
        if (length > 1e-6 * radius) {
          contactGroup.add(new THREE.ArrowHelper(f.normalize(), point, length, colour));
        }
      }
    }
    function draw() {
      renderer.render(scene, camera);
    }
    function resize() {
      const w = stage.clientWidth;
      const h = stage.clientHeight;
      renderer.setSize(w, h, false);
      camera.aspect = w / Math.max(1, h);
      placeCamera();
      draw();
    }
    window.addEventListener('resize', resize);

    // Play/pause in real time, looping at the end.
    const button = document.getElementById('play');
    let playing = true;
    let startWall = performance.now();
    let startTime = 0;
    button.addEventListener('click', () => {
      playing = !playing;
      button.textContent = playing ? 'Pause' : 'Play';
      startWall = performance.now();
      startTime = times[k];
    });
    slider.addEventListener('input', () => {
      showSample(Number(slider.value));
      startWall = performance.now();
      startTime = times[k];
    });
    function indexAt(t) {
      let lo = 0;
      let hi = times.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (times[mid] <= t) lo = mid; else hi = mid - 1;
      }
      return lo;
    }
    function tick(now) {
      if (playing && times.length > 1) {
        let t = startTime + (now - startWall) / 1000;
        if (t > times[times.length - 1]) {
          t = times[0];
          startTime = t;
          startWall = now;
        }
        const index = indexAt(t);
        if (index !== k) showSample(index);
      }
      requestAnimationFrame(tick);
    }

    // The event log: a table and marks on a timeline; a click jumps to the event's time.
    const rows = [];
    const table = document.createElement('table');
    const timeline = document.getElementById('timeline');
    const span = Math.max(times[times.length - 1] - times[0], 1e-12);
    for (const [t, body, type, detail] of data.events) {
      const row = table.insertRow();
      for (const text of [t.toFixed(4), body, type, detail]) row.insertCell().textContent = text;
      const jump = () => {
        playing = false;
        button.textContent = 'Play';
        showSample(indexAt(t));
      };
      row.addEventListener('click', jump);
      rows.push([t, row]);
      const mark = document.createElement('i');
      mark.style.left = (100 * (t - times[0]) / span) + '%';
      mark.title = t.toFixed(4) + ' s ' + body + ' ' + type;
      mark.addEventListener('click', jump);
      timeline.append(mark);
    }
    if (rows.length === 0) table.insertRow().insertCell().textContent = 'no events';
    document.getElementById('events').append(table);
    function markPastEvents(t) {
      for (const [time, row] of rows) row.classList.toggle('past', time <= t);
    }

    // For scripts and tests: the sample shown, and showing one.
    window.contactsimReport = {
      sampleCount: times.length, showSample, sample: () => k,
      time: (index) => (index >= 0 && index < times.length ? times[index] : null),
    };
    resize();
    showSample(0);
    requestAnimationFrame(tick);
    document.body.dataset.ready = 'true';
  }
})();
