# Replay an 18xx.games game JSON on the reference engine and print a STATE_DIGEST trace.
# usage: ruby -Itools/refcheck -I<18xx>/lib trace.rb GAME.json OUT.trace.jsonl
require 'json'
require 'engine'
LOGGER.level = Logger::WARN
require 'engine/auto_router'
class Integer; MAX = 2**62 unless const_defined?(:MAX); end

def owner_id(o)
  return nil if o.nil?
  return o.id.to_s if o.player?
  return nil if o == @game.bank
  return nil if o.respond_to?(:share_pool?) && o.share_pool?
  o.id
end

def digest(game, action_id)
  @game = game
  players = {}
  game.players.each do |p|
    shares = {}
    p.shares_by_corporation.each do |corp, held|
      pct = held.sum(&:percent)
      shares[corp.id] = pct if pct != 0
    end
    players[p.id.to_s] = { 'cash' => p.cash, 'shares' => shares.sort.to_h, 'companies' => p.companies.map(&:id).sort }
  end
  corps = {}
  game.corporations.each do |c|
    next if c.closed?
    next unless c.ipoed || c.floated?
    own = c.shares_of(c)
    corps[c.id] = {
      'cash' => c.cash, 'price' => c.share_price&.price, 'floated' => c.floated?,
      'president' => (c.owner&.player? ? c.owner.id.to_s : nil),
      'ipo' => own.select(&:buyable).sum(&:percent),
      'market' => game.share_pool.percent_of(c),
      'treasury' => own.reject(&:buyable).sum(&:percent),
      'trains' => c.trains.map(&:id).sort,
      'tokens' => c.tokens.select { |t| t.used && t.city }.map { |t| t.city.hex.id }.sort,
      'companies' => c.companies.map(&:id).sort,
    }
  end
  game.minors.each do |m|
    next if m.closed? || !m.floated?
    corps[m.id] = {
      'cash' => m.cash, 'price' => nil, 'floated' => true,
      'president' => (m.owner&.player? ? m.owner.id.to_s : nil), 'ipo' => 0, 'market' => 0, 'treasury' => 0,
      'trains' => m.trains.map(&:id).sort,
      'tokens' => m.tokens.select { |t| t.used && t.city }.map { |t| t.city.hex.id }.sort,
      'companies' => [],
    }
  end
  companies = game.companies.sort_by(&:id).to_h { |c| [c.id, { 'owner' => owner_id(c.owner), 'closed' => c.closed? }] }
  tiles = {}
  game.hexes.each do |h|
    next if h.tile == h.original_tile
    tiles[h.id] = "#{h.tile.name}@#{h.tile.rotation}"
  end
  {
    'action' => action_id, 'round' => game.round.name, 'phase' => game.phase.name,
    'players' => players, 'corporations' => corps.sort.to_h, 'companies' => companies, 'tiles' => tiles.sort.to_h,
    'depot' => game.depot.depot_trains.map(&:id).sort, 'bank' => (game.class::BANK_CASH == :unlimited ? nil : game.bank.cash), 'finished' => game.finished,
  }
end

data = JSON.parse(File.read(ARGV[0]))
klass = Engine.game_by_title(data['title'])
names = data['players'].to_h { |p| [p['id'], p['name']] }
opts = (data.dig('settings', 'optional_rules') || []).map(&:to_sym)
game = klass.new(names, id: data['id'], actions: [], optional_rules: opts, seed: data.dig('settings', 'seed'))
filtered, = Engine::Game::Base.filtered_actions(data['actions'])
out = File.open(ARGV[1], 'w')
filtered.compact.each do |a|
  next if %w[undo redo].include?(a['type'])
  game.process_action(a)
  if game.exception
    warn "action #{a['id']}: #{game.exception.message}"
    break
  end
  out.puts JSON.generate(digest(game, a['id']))
end
out.close
warn "result: #{game.result.to_json}" if game.finished
