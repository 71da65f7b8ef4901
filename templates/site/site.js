// The gallery's search and filters: every card of the page is in its HTML; this script only
// hides those that do not match. It reads the language's search index (search-index.js,
// loaded before it) and nothing else. A search reads every language's names and texts,
// folded (case, accents, ß as ss, hyphens and apostrophes left out), so "Antimatter" finds
// "Anti-Matter" on the German pages; the search and filters are kept in the address (its fragment), so a
// reload, the Back button or a link sent to someone shows the same cards.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form) { return; }
  var fold = function (text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\u00df/g, "ss").replace(/[-\u2010\u2011'\u2019\u00ad]/g, "");
  };
  var searchable = {};
  (window.cardkitSearchIndex || []).forEach(function (card) {
    searchable[card.id] = fold([card.name, card.text, card.other || "", card.id].join(" "));
  });
  var items = Array.prototype.slice.call(document.querySelectorAll(".cards [data-card]"));
  var search = document.getElementById("search");
  var filters = Array.prototype.slice.call(form.querySelectorAll("[data-filter]"));
  var shown = document.getElementById("shown");
  var noneFound = document.getElementById("none-found");
  var gameFilter = form.querySelector('[data-filter="game"]');
  var kindFilter = form.querySelector('[data-filter="kind"]');

  function narrowKinds() {
    if (!gameFilter || !kindFilter) { return; }
    Array.prototype.forEach.call(kindFilter.options, function (option) {
      var games = option.dataset.games;
      option.hidden = Boolean(option.value && gameFilter.value && games &&
        games.split(" ").indexOf(gameFilter.value) === -1);
    });
    if (kindFilter.selectedOptions[0] && kindFilter.selectedOptions[0].hidden) { kindFilter.value = ""; }
  }

  function remember() {
    var query = new URLSearchParams();
    if (search.value) { query.set("q", search.value); }
    filters.forEach(function (filter) {
      if (filter.value) { query.set(filter.dataset.filter, filter.value); }
    });
    // in the fragment: a page opened from disk may not change its query, and a fragment
    // change reloads nothing
    var address = "#" + query.toString();
    try { history.replaceState(null, "", address); } catch (refused) { location.replace(address); }
  }

  function apply() {
    narrowKinds();
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
    noneFound.hidden = count > 0;
  }

  function restore() {
    var query = new URLSearchParams(location.hash.slice(1));
    search.value = query.get("q") || "";
    filters.forEach(function (filter) {
      var wanted = query.get(filter.dataset.filter) || "";
      filter.value = Array.prototype.some.call(filter.options, function (option) {
        return option.value === wanted;
      }) ? wanted : "";
    });
  }

  search.addEventListener("input", function () { apply(); remember(); });
  filters.forEach(function (filter) {
    filter.addEventListener("change", function () { apply(); remember(); });
  });
  window.addEventListener("pageshow", function () { restore(); apply(); });
  restore();
  apply();
}());
