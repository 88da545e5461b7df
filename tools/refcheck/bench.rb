# The 18xx.games engine's in-process replay time per recorded game: the counterpart of
# `railbook bench`. Each game is read once, replayed once to warm up, then N times; the best
# CPU time of this process is reported, one JSON line per game (log, actions, cpu_secs, us_per_action).
# usage: ruby -Itools/refcheck -I<18xx>/lib tools/refcheck/bench.rb [--runs N] GAME.json...
require 'json'
require 'engine'
LOGGER.level = Logger::WARN

runs = 5
paths = []
args = ARGV.dup
until args.empty?
  a = args.shift
  if a == '--runs'
    runs = Integer(args.shift)
  else
    paths << a
  end
end

def cpu
  Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
end

paths.each do |path|
  data = JSON.parse(File.read(path))
  klass = Engine.game_by_title(data['title'])
  names = data['players'].to_h { |p| [p['id'], p['name']] }
  opts = (data.dig('settings', 'optional_rules') || []).map(&:to_sym)
  seed = data.dig('settings', 'seed')
  filtered, = Engine::Game::Base.filtered_actions(data['actions'])
  actions = filtered.compact.reject { |a| %w[undo redo].include?(a['type']) }
  replay = lambda do
    klass.new(names, id: data['id'], actions: actions, optional_rules: opts, seed: seed)
  end
  game = replay.call
  error = game.exception&.message
  best = nil
  runs.times do
    start = cpu
    replay.call
    t = cpu - start
    best = t if best.nil? || t < best
  end
  n = actions.size
  row = { 'log' => path, 'actions' => n, 'cpu_secs' => best.round(6), 'us_per_action' => (best * 1e6 / n).round(1),
          'engine' => '18xx.games' }
  row['error'] = error if error
  puts JSON.generate(row)
  $stdout.flush
end
