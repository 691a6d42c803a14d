/*
 * Agent Team Playground: embed helper for a course page (MIT, part of this project; no other
 * code in it). Include it once on a page with playground iframes:
 *
 *   <script src="https://your.host/tools/playground/embed.js" defer></script>
 *
 * It sizes each playground iframe to the height it asks for in its own `resize` messages
 * (postMessage API version 1, see README.md; an `embed=1` frame asks for its stage's height,
 * which changes little from step to step), reading only messages whose sender is that
 * iframe's window. It also offers a small way to drive a frame:
 *
 *   AgentTeamPlayground.command(iframe, 'goto', { step: 12 }).then(reply => ...)
 *
 * which sends `{target: 'agent-team-playground', v: 1, type, id, ...}` and resolves with the
 * frame's `reply` of the same id (rejects after 5 s without one).
 */
(function () {
  'use strict';
  if (window.AgentTeamPlayground) {
    return;
  }
  var NAME = 'agent-team-playground';
  var VERSION = 1;
  var pending = {};
  var nextId = 1;

  function frameOf(source) {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === source) {
        return frames[i];
      }
    }
    return null;
  }

  // The origin a frame's page is on, so commands go to that origin only.
  function originOf(iframe) {
    try {
      var origin = new URL(iframe.src, location.href).origin;
      return origin && origin !== 'null' ? origin : '*';
    } catch (e) {
      return '*';
    }
  }

  function send(iframe, message) {
    if (iframe && iframe.contentWindow) {
      iframe.contentWindow.postMessage(message, originOf(iframe));
    }
  }

  function command(iframe, type, fields) {
    var id = 'embed-js-' + nextId++;
    var message = { target: NAME, v: VERSION, type: type, id: id };
    for (var key in fields || {}) {
      if (Object.prototype.hasOwnProperty.call(fields, key)) {
        message[key] = fields[key];
      }
    }
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () {
        delete pending[id];
        reject(new Error('no reply from the playground to ' + type));
      }, 5000);
      pending[id] = function (reply) {
        clearTimeout(timer);
        resolve(reply);
      };
      send(iframe, message);
    });
  }

  // What a frame's CSS height holds beyond its content: with `box-sizing: border-box` (set by
  // many course themes) its borders and padding, which would otherwise cut the content.
  function outside(iframe) {
    var style = window.getComputedStyle(iframe);
    if (style.boxSizing !== 'border-box') {
      return 0;
    }
    var sum = 0;
    ['borderTopWidth', 'borderBottomWidth', 'paddingTop', 'paddingBottom'].forEach(function (key) {
      sum += parseFloat(style[key]) || 0;
    });
    return Math.ceil(sum);
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || data.source !== NAME || data.v !== VERSION) {
      return;
    }
    var iframe = frameOf(event.source);
    if (!iframe) {
      return;
    }
    if (data.type === 'resize' && typeof data.height === 'number' && isFinite(data.height) && data.height > 0) {
      iframe.style.height = Math.ceil(data.height) + outside(iframe) + 'px';
    } else if (data.type === 'reply' && pending[data.id]) {
      var done = pending[data.id];
      delete pending[data.id];
      done(data);
    }
    iframe.dispatchEvent(new CustomEvent('playground-message', { detail: data }));
  });

  // A frame that came up before this script ran has posted its height already: ask again.
  // A frame still loading posts `ready` and its height by itself once it is up.
  function hello(iframe) {
    send(iframe, { target: NAME, v: VERSION, type: 'hello' });
  }
  function helloAll() {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      hello(frames[i]);
    }
  }
  helloAll();
  window.addEventListener('load', helloAll);

  window.AgentTeamPlayground = { command: command, hello: hello };
})();
