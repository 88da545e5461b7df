# Play a random but legal game (TITLE, default 1893) on the reference engine and write it as a game JSON.
# usage: TITLE=1830 ruby -Itools/refcheck -I<18xx>/lib fuzz.rb SEED NPLAYERS OUT.json [max_actions] [opt,opt]
require 'json'
require 'engine'
LOGGER.level = Logger::WARN
require 'engine/auto_router'
class Integer; MAX = 2**62 unless const_defined?(:MAX); end

SEED = ARGV[0].to_i
NP = ARGV[1].to_i
OUT = ARGV[2]
MAX = (ARGV[3] || 900).to_i
OPTS = (ARGV[4] || '').split(',').map(&:to_sym)
R = Random.new(SEED)

TITLE = ENV['TITLE'] || '1893'
klass = Engine.game_by_title(TITLE)
NAMES = (1..NP).to_h { |i| [i * 10 + 1, "P#{i}"] }

def new_game(klass, actions)
  g = klass.new(NAMES, id: SEED, actions: actions, optional_rules: OPTS, seed: SEED)
  raise g.exception if g.exception

  g
end

def pick(arr)
  arr[R.rand(arr.size)]
end

def entity_h(e)
  { 'entity' => e.id, 'entity_type' => e.player? ? 'player' : (e.company? ? 'company' : (e.minor? ? 'minor' : 'corporation')) }
end

# candidate actions for the acting entity
def candidates(game)
  round = game.round
  ent = round.active_entities.first
  return [] unless ent

  out = []
  types = round.actions_for(ent)
  step = ->(t) { round.step_for(ent, t) }
  types.each do |t|
    s = step.(t)
    case t
    when 'pass'
      # long stock rounds end: the longer a round runs, the likelier a pass
      w = ENV['PASSY'] && round.is_a?(Engine::Round::Draft) ? 40 : 2 + ($round_actions / (round.stock? ? 3 : 20))
      out << [w, Engine::Action::Pass.new(ent)]
    when 'bid'
      if s.respond_to?(:available)
        s.available.each do |c|
          next if s.respond_to?(:may_purchase?) && s.respond_to?(:may_choose?) && !s.may_purchase?(c) && !s.may_choose?(c)

          price = s.respond_to?(:min_bid) ? s.min_bid(c) : c.value
          out << [5, Engine::Action::Bid.new(ent, company: c, price: price)]
        end
      end
    when 'par'
      only = nil
      if s.is_a?(Engine::Step::CompanyPendingPar)
        comp = s.companies_pending_par.first
        ab = game.abilities(comp, :shares)
        only = ab&.shares&.first&.corporation
      end
      game.corporations.each do |c|
        next if only && c != only
        next if c.ipoed || !game.can_par?(c, ent)
        next unless !s.respond_to?(:can_buy?) || s.can_buy?(ent, c.shares.first&.to_bundle) || (s.respond_to?(:rag_exchangable) && s.rag_exchangable(ent, c))

        prices = begin
          s.get_par_prices(ent, c)
        rescue ArgumentError
          game.par_prices.select { |p| p.price * 2 <= ent.cash }
        end
        prices.each do |sp|
          out << [2, Engine::Action::Par.new(ent, corporation: c, share_price: sp)]
        end
      end
    when 'buy_shares'
      unless s.respond_to?(:can_buy?)
        # a corporation buying back (redeeming) its own shares
        if s.respond_to?(:redeemable_shares)
          s.redeemable_shares(ent).each do |b|
            out << [2, Engine::Action::BuyShares.new(ent, shares: b.shares, percent: b.percent, share_price: b.price_per_share)]
          end
        end
        next
      end
      game.corporations.select(&:ipoed).each do |corp|
        sh = corp.ipo_shares.select(&:buyable).min_by(&:percent)
        next unless sh

        b = sh.to_bundle
        out << [10, Engine::Action::BuyShares.new(ent, shares: b.shares, percent: b.percent)] if s.can_buy?(ent, b)
      end
      game.share_pool.shares.group_by(&:corporation).each do |corp, shares|
        sh = shares.select(&:buyable).min_by(&:percent)
        next unless sh

        b = sh.to_bundle
        out << [6, Engine::Action::BuyShares.new(ent, shares: b.shares, percent: b.percent)] if s.can_buy?(ent, b)
      end
    when 'sell_shares'
      unless s.respond_to?(:can_sell?)
        # a corporation issuing (reissuing) its own shares
        if s.respond_to?(:issuable_shares)
          s.issuable_shares(ent).each do |b|
            out << [2, Engine::Action::SellShares.new(ent, shares: b.shares, percent: b.percent, share_price: b.price_per_share)]
          end
        end
        next
      end
      game.corporations.each do |corp|
        game.bundles_for_corporation(ent, corp).each do |b|
          next unless s.can_sell?(ent, b)

          out << [1, Engine::Action::SellShares.new(ent, shares: b.shares, percent: b.percent)]
        end
      end
    when 'buy_company'
      if round.stock?
        game.buyable_bank_owned_companies.each do |c|
          next unless s.respond_to?(:can_buy_company?) && s.can_buy_company?(ent, c)

          out << [3, Engine::Action::BuyCompany.new(ent, company: c, price: c.value)]
        end
        s.purchasable_companies(ent).each do |c|
          next if ent.cash < 1
          # 18xx.games grants a private's shares again when a player buys it from another player;
          # a president's certificate would ask for a second par: leave those privates alone
          next if Array(game.abilities(c, :shares)).any? { |ab| ab.shares.any?(&:president) }

          out << [1, Engine::Action::BuyCompany.new(ent, company: c, price: 1 + R.rand([ent.cash, 200].min))]
        end
      elsif s.respond_to?(:purchasable_companies)
        buyer = ent.player? ? ent : ent.player
        s.purchasable_companies(ent).each do |c|
          next if buyer.cash < 1

          out << [1, Engine::Action::BuyCompany.new(ent, company: c, price: 1 + R.rand([buyer.cash, 200].min))]
        end
      else
        # a corporation buying a private from a player, between the private's minimum and maximum price
        game.purchasable_companies(ent).each do |c|
          next unless c.owner&.player?

          lo = c.min_price.ceil # whole amounts: a price an export records is never a fraction
          hi = [c.max_price, ent.cash].min.floor
          next if hi < lo

          out << [2, Engine::Action::BuyCompany.new(ent, company: c, price: lo + R.rand(hi - lo + 1))]
        end
      end
    when 'sell_company'
      s.sellable_companies(ent).each { |c| out << [1, Engine::Action::SellCompany.new(ent, company: c, price: c.value)] }
    when 'special_buy'
      s.buyable_items(ent).each { |item| out << [3, Engine::Action::SpecialBuy.new(ent, item: item)] }
    when 'assign'
      # 1893's FdSD, assigned by its owner (other titles' assignments are not played)
      fdsd = game.company_by_id('FdSD')
      out << [3, Engine::Action::Assign.new(ent, target: fdsd)] if fdsd
    when 'lay_tile'
      # the track step's next lay (a yellow lay, an upgrade): tiles it would refuse are not tried
      lay = s.is_a?(Engine::Step::Track) ? s.get_tile_lay(ent) : :any
      next if lay.nil?

      hexes = game.graph.connected_hexes(ent).keys
      hexes.shuffle(random: R).first(12).each do |hex|
        tiles = begin
          s.upgradeable_tiles(ent, hex)
        rescue Engine::GameError
          []
        end
        tiles.each do |tile|
          next if lay.is_a?(Hash) && tile.color == :yellow && !lay[:lay]
          next if lay.is_a?(Hash) && s.track_upgrade?(hex.tile, tile, hex) && !lay[:upgrade]

          (tile.legal_rotations || [tile.rotation]).each do |rot|
            out << [3, Engine::Action::LayTile.new(ent, tile: tile, hex: hex, rotation: rot)]
          end
        end
      end
    when 'place_token'
      if s.respond_to?(:pending_token) && s.pending_token[:hexes]
        # a home token to place in one of the offered hexes
        s.pending_token[:hexes].each do |hex|
          hex.tile.cities.each do |city|
            next unless city.tokenable?(s.pending_token[:entity] || ent, free: true, tokens: [s.token].compact)

            out << [3, Engine::Action::PlaceToken.new(ent, city: city, slot: city.get_slot(s.pending_token[:entity] || ent))]
          end
        end
        next
      end
      game.graph.connected_nodes(ent).keys.select(&:city?).each do |city|
        next unless city.tokenable?(ent, free: false)

        out << [3, Engine::Action::PlaceToken.new(ent, city: city, slot: city.get_slot(ent))]
      end
    when 'run_routes'
      routes = find_routes(game, ent)
      if routes && !routes.empty?
        out << [50, Engine::Action::RunRoutes.new(ent, routes: routes)]
      else
        # no route earns anything: the trains run none (the site's client may send that too)
        out << [1, Engine::Action::RunRoutes.new(ent, routes: [])]
      end
    when 'dividend'
      s.dividend_types.each { |k| out << [3, Engine::Action::Dividend.new(ent, kind: k.to_s)] }
    when 'buy_train'
      s.buyable_trains(ent).uniq.each do |t|
        power = ent.cash
        power += ent.owner.cash if s.president_may_contribute?(ent) && ent.owner&.player?
        if t.from_depot?
          t.variants.each do |v, spec|
            # each variant at its own price (18xx.games takes any price for a depot train: the UI sends this one)
            price = spec[:price] || t.price
            next if price > power && !(ent.minor? && ent.trains.empty? && ent.owner.cash + ent.cash >= price)

            out << [6, Engine::Action::BuyTrain.new(ent, train: t, price: price, variant: v)]
          end
          (s.discountable_trains_allowed?(ent) ? ent.trains : []).each do |ex|
            d = t.discount&.[](ex.name)
            next unless d

            next if t.price - d > ent.cash

            out << [4, Engine::Action::BuyTrain.new(ent, train: t, price: t.price - d, variant: t.name, exchange: ex)]
          end
        else
          lo, hi = s.spend_minmax(ent, t)
          out << [2, Engine::Action::BuyTrain.new(ent, train: t, price: lo + R.rand(hi - lo + 1), variant: t.name)] if hi >= lo && hi >= 1
        end
      end
    when 'choose'
      ch = s.choices
      ch = ch.keys if ch.is_a?(Hash)
      ch.each { |c| out << [3, Engine::Action::Choose.new(ent, choice: c)] }
    when 'discard_train'
      ent.trains.each { |t| out << [3, Engine::Action::DiscardTrain.new(ent, train: t)] }
    when 'bankrupt'
      out << [0, Engine::Action::Bankrupt.new(ent)]
    when 'take_loan'
      loan = game.respond_to?(:loans) && game.loans.first
      out << [1, Engine::Action::TakeLoan.new(ent, loan: loan)] if loan
    when 'payoff_loan'
      out << [2, Engine::Action::PayoffLoan.new(ent, loan: ent.loans.first)] if ent.respond_to?(:loans) && ent.loans.first
    end
  end
  # the FdSD exchange (a company acting in its owner's turn)
  if round.stock? && ent.player?
    game.companies.each do |c|
      next if c.closed? || c.owner != ent

      next unless round.actions_for(c).include?('buy_shares')

      corp = game.corporation_by_id('RAG')
      sh = game.share_pool.shares_of(corp).first
      out << [4, Engine::Action::BuyShares.new(c, shares: [sh], percent: sh.percent)] if sh
    end
  end
  # a president selling in an emergency
  if round.operating? && ent.corporation? && ent.owner&.player?
    pl = ent.owner
    if round.actions_for(pl).include?('sell_shares')
      s = round.step_for(pl, 'sell_shares')
      game.corporations.each do |corp|
        game.bundles_for_corporation(pl, corp).each do |b|
          next unless s.respond_to?(:can_sell?) && s.can_sell?(pl, b)

          out << [2, Engine::Action::SellShares.new(pl, shares: b.shares, percent: b.percent)]
        end
      end
    end
  end
  out
end

# among the candidates not yet refused here, those of weight 0 (bankruptcy) only when nothing else is left
def choosable(cands)
  cands = cands.select { |w, _| w.positive? } if cands.any? { |w, _| w.positive? }
  cands.map { |w, a| [[w, 1].max, a] }
end

def find_routes(game, ent)
  router = Engine::AutoRouter.new(game)
  trains = game.route_trains(ent).sort_by(&:price)
  train_routes, = router.path(trains, ent)
  options = train_routes.transform_values { |rs| rs.sort_by { |r| -(r.revenue rescue 0) }.first(6) }
  best = nil
  best_rev = 0
  40.times do
    chosen = options.map { |_t, rs| rs.empty? || R.rand < 0.1 ? nil : rs[R.rand(rs.size)] }.compact
    next if chosen.empty?

    chosen = chosen.map { |r| Engine::Route.new(game, game.phase, r.train, connection_hexes: r.connection_hexes, routes: []) }
    rev = router.real_revenue(chosen)
    if rev > best_rev
      best = chosen
      best_rev = rev
    end
  end
  best&.each { |r| r.routes = best }
  best
end

def weighted(cands)
  total = cands.sum(&:first)
  x = R.rand(total)
  cands.each do |w, a|
    return a if x < w

    x -= w
  end
  cands.last.last
end

# an action the engine refused is not tried again at the same point: each refusal costs a replay
def action_key(action)
  key = action.to_h.reject { |k, _| %w[id created_at auto_actions].include?(k) }
  action.clear_cache # to_h is kept: the id the game gives the action must reach it
  key
rescue StandardError
  action.object_id # an action that cannot even be written out is never the same as another
end

game = new_game(klass, [])
stuck = 0
rejected = {}
$refused = 0
$round_actions = 0
round_key = nil
while !game.finished && game.raw_actions.size < MAX
  key = [game.round.class.name, game.turn, game.round.round_num]
  $round_actions = key == round_key ? $round_actions + 1 : 0
  round_key = key
  cands = choosable(candidates(game).reject { |_, a| rejected[action_key(a)] })
  if cands.empty?
    warn "no candidates: #{game.round.class} #{game.round.active_entities.first&.name} #{game.round.actions_for(game.round.active_entities.first).inspect}"
    break
  end
  action = weighted(cands)
  before = game.raw_actions.dup
  begin
    game.process_action(action, add_auto_actions: true)
  rescue StandardError => e
    game.instance_variable_set(:@exception, e)
  end
  unless game.exception
    stuck = 0
    rejected = {}
    next
  end

  stuck += 1
  $refused += 1
  rejected[action_key(action)] = true
  warn "rejected #{action.type}: #{game.exception.message[0, 120]}" if ENV['VERBOSE']
  # the refused action leaves the engine half-changed: start again from the actions before it
  game = new_game(klass, before)
  break if stuck > 80
end

data = {
  'id' => SEED, 'title' => TITLE, 'players' => NAMES.map { |id, n| { 'id' => id, 'name' => n } },
  'settings' => { 'seed' => SEED, 'optional_rules' => OPTS.map(&:to_s) },
  'actions' => game.raw_actions, 'result' => game.finished ? game.result : nil,
}
File.write(OUT, JSON.generate(data))
warn "#{game.raw_actions.size} actions, finished=#{game.finished} stuck=#{stuck} refused=#{$refused}"
