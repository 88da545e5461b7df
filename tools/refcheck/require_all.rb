# Minimal stand-in for the require_all gem: require every .rb file under the given paths,
# retrying files that fail with NameError until no progress is made.
module RequireAllShim
  def self.expand(paths, base)
    paths.flatten.flat_map do |p|
      full = File.expand_path(p, base)
      if File.directory?(full)
        Dir.glob(File.join(full, '**', '*.rb')).sort
      elsif File.exist?(full + '.rb')
        [full + '.rb']
      elsif File.exist?(full)
        [full]
      else
        Dir.glob(full).sort
      end
    end
  end

  def self.load_all(files)
    pending = files.dup
    loop do
      failed = []
      errors = []
      pending.each do |f|
        begin
          require f
        rescue NameError => e
          failed << f
          errors << e
        end
      end
      return if failed.empty?
      if failed.size == pending.size
        errors.first(5).each_with_index { |e, i| warn "#{failed[i]}: #{e.message.lines.first.chomp[0, 200]}" } if ENV["VERBOSE"]
        return
      end
      pending = failed
    end
  end
end

def require_rel(*paths)
  base = File.dirname(caller_locations(1, 1)[0].absolute_path)
  RequireAllShim.load_all(RequireAllShim.expand(paths, base))
end

def require_all(*paths)
  RequireAllShim.load_all(RequireAllShim.expand(paths, Dir.pwd))
end
