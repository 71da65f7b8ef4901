// The gallery's search and filters: every card of the page is in its HTML; this script only
// hides those that do not match. It reads the language's search index (search-index.js,
// loaded before it) and nothing else.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form) { return; }
  var fold = function (text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  };
  var searchable = {};
  (window.cardkitSearchIndex || []).forEach(function (card) {
    searchable[card.id] = fold(card.name + " " + card.text + " " + card.id);
  });
  var items = Array.prototype.slice.call(document.querySelectorAll(".cards [data-card]"));
  var search = document.getElementById("search");
  var filters = Array.prototype.slice.call(form.querySelectorAll("[data-filter]"));
  var shown = document.getElementById("shown");

  function apply() {
    var words = fold(search.value).split(/\s+/).filter(Boolean);
    var count = 0;
    items.forEach(function (item) {
      var text = searchable[item.dataset.card] || "";
      var matches = words.every(function (word) { return text.indexOf(word) !== -1; }) &&
        filters.every(function (filter) {
          return !filter.value || item.dataset[filter.dataset.filter] === filter.value;
        });
      item.hidden = !matches;
      if (matches) { count += 1; }
    });
    shown.textContent = String(count);
  }

  search.addEventListener("input", apply);
  filters.forEach(function (filter) { filter.addEventListener("change", apply); });
  apply();
}());
